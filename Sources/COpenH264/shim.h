// The one header of the COpenH264 shim: Cisco's OpenH264 codec API (BSD 2-clause) exactly as
// Debian ships it (libopenh264-dev). The encoder gives raw H.264 (Annex B); the MP4 container
// around it is ours (AnimoExport/MP4).
#include <stdbool.h>
#include <wels/codec_api.h>
