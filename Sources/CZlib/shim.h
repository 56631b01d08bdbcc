// A small typed shim over zlib's macro APIs (deflateInit2 and inflateInit2 are macros), so Swift calls stay
// typed. FerryHTTP's WebSocket compression (permessage-deflate) and FerryGRPC's gzip messages import this module.
#ifndef FERRY_CZLIB_SHIM_H
#define FERRY_CZLIB_SHIM_H

#include <zlib.h>

// A raw deflate stream (no zlib header) with a window of 2^windowBits bytes, as RFC 7692 sends.
static inline int ferry_deflate_init_raw(z_streamp stream, int windowBits) {
    return deflateInit2(stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -windowBits, 8, Z_DEFAULT_STRATEGY);
}

// A raw inflate stream accepting any window up to 2^15 bytes.
static inline int ferry_inflate_init_raw(z_streamp stream) { return inflateInit2(stream, -15); }

// A gzip stream (gzip header and trailer), as gRPC's `grpc-encoding: gzip` messages are.
static inline int ferry_deflate_init_gzip(z_streamp stream) {
    return deflateInit2(stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

// A gzip inflate stream (15 + 16: a gzip header is required).
static inline int ferry_inflate_init_gzip(z_streamp stream) { return inflateInit2(stream, 15 + 16); }

#endif
