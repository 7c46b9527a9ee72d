/* The Node-API functions bufferutil.c links against, over the arguments napi_calls.h defines. */
#include "napi_calls.h"

napi_status napi_get_cb_info(napi_env env, napi_callback_info info, size_t* argc, napi_value* argv,
                             napi_value* this_arg, void** data) {
  (void)env, (void)this_arg, (void)data;
  for (size_t i = 0; i < *argc && i < info->argc; ++i) argv[i] = info->argv[i];
  *argc = info->argc;
  return napi_ok;
}

napi_status napi_get_buffer_info(napi_env env, napi_value value, void** data, size_t* length) {
  (void)env;
  *data = value->bytes;
  if (length != NULL) *length = value->length;
  return napi_ok;
}

napi_status napi_get_value_int64(napi_env env, napi_value value, int64_t* result) {
  (void)env;
  *result = value->number;
  return napi_ok;
}

/* Module registration (Init) is never called: maskcheck calls Mask and Unmask directly. */
napi_status napi_create_function(napi_env env, const char* name, size_t length, napi_callback cb,
                                 void* data, napi_value* result) {
  (void)env, (void)name, (void)length, (void)cb, (void)data, (void)result;
  return napi_generic_failure;
}

napi_status napi_set_named_property(napi_env env, napi_value object, const char* name,
                                    napi_value value) {
  (void)env, (void)object, (void)name, (void)value;
  return napi_generic_failure;
}
