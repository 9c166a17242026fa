"""Name lists shipped as data, so seeds give the same people on every machine (no faker)."""
from __future__ import annotations

import random

FIRST = """Amara Ben Chiara Dmitri Elif Farah Gideon Hana Ibrahim Jonas Keiko Lars Mei Nikolai Olu
Priya Quentin Rosa Sami Tomas Uma Viktor Wen Ximena Yusuf Zofia Aisha Bruno Camila Dario Esme
Felix Grace Hugo Ines Jamal Katya Leon Maya Noah Oksana Pablo Rhea Santiago Tariq Ulla Valentina
Wojtek Yara Zane Adaeze Bjorn Celeste Desmond Emeka Fiona Goran Helena Idris Joanna Kwame Lucia
Marcus Nadia Omar Petra Rafael Sofia Theo Vera William""".split()

LAST = """Abara Becker Castillo Dubois Eriksen Fernandes Grant Haddad Ishikawa Jovanovic Kowalski
Lindqvist Mbeki Nakamura Okafor Petrov Quinn Rahman Silva Tanaka Umar Varga Weber Xu Yilmaz
Zielinski Adeyemi Bauer Chen Dlamini Esposito Fischer Garcia Hoffmann Iqbal Jensen Kim Lopez
Moreau Novak Olsen Park Rossi Schmidt Torres Ueda Volkov Walsh Young Zhang Alvarez Brennan
Costa Duarte Evans Farouk Gallagher Horvat Ivanova Jung Keller Laine Murphy Nowak Ortiz Pereira""".split()

CITIES = """Leeds Porto Austin Tacoma Dundee Graz Halifax Ghent Tulsa Malmo Cork Lyon Denver Bergen
Utrecht Boise Krakow Turin Omaha Adelaide Quebec Bilbao Reno Aarhus""".split()

EMAIL_DOMAINS = ["example.com", "example.org", "example.net", "mail.example", "post.example"]

CLIENTS = [("NHS-LEE", "Leeds General Infirmary"), ("STM-AUS", "St. Mary's Austin"),
           ("MER-TAC", "Mercy Tacoma"), ("RGH-DUN", "Royal Dundee Hospital"),
           ("UKG-GRZ", "Uniklinikum Graz"), ("QEI-HAL", "Queen Elizabeth Halifax"),
           ("UZG-GNT", "UZ Ghent"), ("STF-TUL", "St. Francis Tulsa"), ("SUS-MAL", "Skane Malmo"),
           ("CUH-CRK", "Cork University Hospital"), ("HCL-LYO", "Hospices Civils Lyon"),
           ("DHC-DEN", "Denver Health Center")]

JOB_TITLES = ["ICU Registered Nurse", "ER Travel Nurse", "Med-Surg Nurse", "Labor & Delivery Nurse",
              "Cath Lab Technologist", "Respiratory Therapist", "OR Circulating Nurse",
              "Associate, Litigation", "Associate, Corporate", "Paralegal", "Fab Technician",
              "Process Engineer", "Maintenance Technician", "Contract Engineer", "Deckhand",
              "Galley Cook", "Payroll Clerk", "Site Supervisor"]


def person(rng: random.Random, serial: int) -> dict:
    """A person: names, a unique-by-serial e-mail, and a phone number."""
    first, last = rng.choice(FIRST), rng.choice(LAST)
    domain = rng.choice(EMAIL_DOMAINS)
    return {"first_name": first, "last_name": last,
            "email": f"{first}.{last}.{serial}@{domain}".lower(),
            "phone": f"+1-555-{rng.randint(100, 999)}-{rng.randint(1000, 9999)}",
            "city": rng.choice(CITIES)}
