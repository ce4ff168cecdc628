// The one header of the CGIF shim: the C API exactly as Debian ships it.
#include <gif_lib.h>
