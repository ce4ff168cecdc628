// libwebp's animation decoder (libwebpdemux, from libwebp-dev), for the tests that decode what
// the WebP writer produced; the renderer itself links only the encoder (CWebP).
#include <webp/decode.h>
#include <webp/demux.h>
