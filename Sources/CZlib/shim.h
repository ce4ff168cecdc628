// The one header of the CZlib shim: the C API exactly as Debian ships it.
#include <zlib.h>
