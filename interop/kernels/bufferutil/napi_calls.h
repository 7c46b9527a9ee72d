/* Just enough of Node-API for bufferutil's Mask() and Unmask() to run outside Node: the adapter
 * builds their arguments (buffers and integers) and calls them as Node would. */
#ifndef MASKCHECK_INTEROP_NAPI_CALLS_H
#define MASKCHECK_INTEROP_NAPI_CALLS_H

#include <node_api.h>

/* An argument: a buffer (bytes, length) or an integer (number). */
struct napi_value__ {
  uint8_t* bytes;
  size_t length;
  int64_t number;
};

/* The arguments of one call. */
struct napi_callback_info__ {
  size_t argc;
  napi_value argv[5];
};

#endif
