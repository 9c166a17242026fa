# An example agent image for `--runtime docker --agent-image ...` (docs/runtime.md, "Containers").
# A lab's image brings its own system and its agent CLI; the harness bind-mounts the workspace,
# the integration runtime and the Python it is built on, so the base must be glibc-based.
# Build where a registry is reachable:  docker build -f docker/agent.Dockerfile -t my-agent:1 .
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl git \
 && rm -rf /var/lib/apt/lists/*
# Install the agent CLI here, e.g. from the lab's own package index.
CMD ["/bin/sh"]
