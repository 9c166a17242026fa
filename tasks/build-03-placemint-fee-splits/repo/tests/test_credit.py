# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn.credit import load_credit_sheet


def test_rows_keep_sheet_order(tmp_path):
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("placement_id,partner_id,partner_name,role,share_bp\n"
                     "plc_a,P-2,B,originator,6000\nplc_a,P-1,A,sourcer,4000\nplc_b,P-3,C,originator,10000\n")
    rows = load_credit_sheet(sheet)
    assert [c.partner_id for c in rows["plc_a"]] == ["P-2", "P-1"]
    assert rows["plc_b"][0].share_bp == 10000
