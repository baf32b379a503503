/*===- Compiler.h - MyTriton's in-process compiler (C API) --------*- C -*-===*\
|*                                                                            *|
|* Compiles one module of tt IR text (as the Python frontend traces it) in    *|
|* the calling process: parse, verify, run the tt-optimize pipeline, then the *|
|* backends (CUDA C++ emitter; gpu/nvvm route to PTX and cubin). Pure C so    *|
|* Python reaches it through ctypes from any CPython.                         *|
|*                                                                            *|
|* Diagnostics are structured text, one record per line:                      *|
|*     <file>:<line>:<col>: <severity>: <message>                             *|
|* where severity is error|warning|note|remark, file/line/col come from the   *|
|* op's location (the user's Python source line for traced IR; "<unknown>:0:0"*|
|* when there is none), and newlines inside a message are written as "\n"     *|
|* (backslash, n). A note follows the error it belongs to.                    *|
\*===----------------------------------------------------------------------===*/

#ifndef MYTRITON_C_COMPILER_H
#define MYTRITON_C_COMPILER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define MYTRITON_CAPI_EXPORT __attribute__((visibility("default")))
#else
#define MYTRITON_CAPI_EXPORT
#endif

typedef enum mytriton_status {
  MYTRITON_OK = 0,
  /* The IR did not parse, verify or optimize; see "diagnostics". */
  MYTRITON_ERROR_IR = 1,
  /* The IR is fine ("ttir-opt" is set) but a requested backend failed or is
   * not built; mytriton_result_error(result, artifact) says which and why. */
  MYTRITON_ERROR_BACKEND = 2,
  /* Null arguments or a malformed options string; see "diagnostics". */
  MYTRITON_ERROR_INVALID_ARGUMENT = 3,
} mytriton_status;

typedef struct mytriton_result_s mytriton_result;

/* Compiles `ir` (tt dialect text). `options` is NULL or "" for the defaults,
 * else "key=value" pairs separated by ';':
 *   artifacts=cuda,ptx,cubin  which backends to run (default: all three;
 *                             "artifacts=" runs none: verify + optimize only)
 *   chip=sm_90                GPU architecture for PTX and cubin
 *   toolkit=/usr/local/cuda   CUDA toolkit (ptxas) for the cubin
 *   opt-level=3               LLVM optimization level for PTX
 *   reduction=warp|shared     how the CUDA emitter writes block reductions
 *   fp-fusion=1|0             whether float multiplies and adds may fuse into
 *                             fmas on both GPU routes (Triton's
 *                             enable_fp_fusion; default 1)
 *   tma=1|0                   sm_90a, gpu/nvvm route: pipelined tiles that
 *                             TMA may copy become TMA copies (default 1;
 *                             see "tensor-maps")
 * Always stores a result in *out (when out is not NULL), even on failure, so
 * the caller can read diagnostics; free it with mytriton_result_free.
 * Returns a mytriton_status. */
MYTRITON_CAPI_EXPORT int mytriton_compile(const char *ir, const char *options,
                                          mytriton_result **out);

/* An artifact of a compile: "ttir-opt" (optimized tt IR), "cuda", "ptx",
 * "cubin" (binary: use *size), "llir" (with "cubin": the LLVM IR of the
 * gpu/nvvm route after optimization), "shared-bytes" (with "ptx" or
 * "cubin": the dynamic shared memory in bytes, as decimal text, that every
 * launch of the first kernel's gpu/nvvm binary must give it; "0" for none),
 * "kernel-name" (the first kernel's symbol), "load-bytes" (decimal text:
 * the global-memory bytes one block of the first kernel has in flight at
 * once when its body is straight-line loads, arithmetic and stores, "0"
 * otherwise; the runtime caps occupancy by it,
 * mtr_function_limit_loads_in_flight), "tensor-maps" (with "ptx" or
 * "cubin", only for a first kernel that takes tensor maps: a JSON list, one
 * object per hidden !tt.tensor_map parameter, in order, after the kernel's
 * own: {"argument", "base", "element_bytes", "sizes", "strides", "box",
 * "swizzle"}, its tt.tensor_map attribute; docs/GPULowering.md#tma-copies),
 * or "diagnostics" (all records, possibly empty). Returns NULL when the
 * artifact was not produced. The memory belongs to the result. */
MYTRITON_CAPI_EXPORT const char *
mytriton_result_get(const mytriton_result *result, const char *artifact,
                    size_t *size);

/* Why `artifact` was not produced ("backend not built: ...", a backend's
 * diagnostics, "not requested"), or NULL when it was. */
MYTRITON_CAPI_EXPORT const char *
mytriton_result_error(const mytriton_result *result, const char *artifact);

MYTRITON_CAPI_EXPORT void mytriton_result_free(mytriton_result *result);

/* "<version>;cuda-emitter=<0|1>;ptx-target=<0|1>": the compiler's version
 * and which backends this library was built with. Part of every cache key. */
MYTRITON_CAPI_EXPORT const char *mytriton_compiler_version(void);

#ifdef __cplusplus
}
#endif

#endif /* MYTRITON_C_COMPILER_H */
