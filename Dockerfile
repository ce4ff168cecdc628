# animo-render in a container: Debian 12 "bookworm" with the runtime libraries and the relocatable
# release built by scripts/package (Swift's standard library linked in, so the final image has no
# toolchain). Build from the repository root:
#
#   docker build -t animo-render .
#   docker run --rm -v "$PWD:/work" -w /work animo-render spec.json --out frames --webp
#
# SWIFT_IMAGE: any official Swift image on bookworm with Swift 6.0 or later.
ARG SWIFT_IMAGE=swift:6.3-bookworm

FROM ${SWIFT_IMAGE} AS build
WORKDIR /src
COPY . .
RUN scripts/package /out && mkdir /opt/animo-render && tar -xzf /out/animo-render-*.tar.gz -C /opt/animo-render --strip-components=1

FROM debian:bookworm-slim
# The shared libraries the executable links (the tarball's README lists them; its fonts travel with it), and
# git for `animo-render review <(git show REV:spec.json) spec.json`.
RUN apt-get update \
 && apt-get install -y --no-install-recommends libpng16-16 zlib1g libgif7 libfreetype6 libdeflate0 libwebp7 libopenh264-7 git \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /opt/animo-render /opt/animo-render
ENV PATH=/opt/animo-render/bin:$PATH
ENTRYPOINT ["animo-render"]
CMD ["--help"]
