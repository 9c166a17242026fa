# The project's host image for `--runtime docker` (docs/runtime.md, "Containers"): it holds
# nothing. Runs give it the host's system directories, the integration runtime and the
# workspace read-only or read-write by bind mounts, so it builds offline and matches the host.
# ibench builds it on first use as ibench-host:local.
FROM scratch
LABEL ibench.host-mounts="1"
CMD ["/bin/sh"]
