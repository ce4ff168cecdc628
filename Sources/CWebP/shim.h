// The one header of the CWebP shim: libwebp's encoder API exactly as Debian ships it (libwebp-dev).
#include <webp/encode.h>
