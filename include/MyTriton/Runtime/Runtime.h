/*===- Runtime.h - MyTriton's CUDA Driver API runtime (C API) ----*- C -*-===*\
|*                                                                            *|
|* A small runtime over the CUDA Driver API. libcuda is loaded at run time    *|
|* (dlopen), so everything links and runs on machines without a driver.       *|
|* Every function returns 0 on success; on failure it returns a nonzero       *|
|* mtr_status and mtr_last_error() describes it, naming the CUDA call and the *|
|* CUDA error (e.g. "cuModuleLoadData failed: CUDA_ERROR_INVALID_IMAGE ...").  *|
|* Pure C so Python reaches it through ctypes from any CPython.               *|
\*===----------------------------------------------------------------------===*/

#ifndef MYTRITON_RUNTIME_RUNTIME_H
#define MYTRITON_RUNTIME_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum mtr_status {
  MTR_SUCCESS = 0,
  MTR_ERROR_NO_DRIVER = 1,      /* libcuda could not be loaded */
  MTR_ERROR_NO_DEVICE = 2,      /* driver present, no usable GPU */
  MTR_ERROR_INVALID_ARGUMENT = 3, /* bad call from the user (null, counts) */
  MTR_ERROR_CUDA = 4,           /* a CUDA call failed; see mtr_last_error */
} mtr_status;

typedef struct mtr_module_s *mtr_module;
typedef struct mtr_function_s *mtr_function;

/* Thread-local text of the last failure ("" if none). */
const char *mtr_last_error(void);

/* Loads the driver, initializes it, makes device `ordinal`'s primary context
 * current. Idempotent. */
int mtr_init(int ordinal);
int mtr_device_count(int *count);
/* e.g. "NVIDIA H200", and the driver version (e.g. 13000). */
int mtr_device_name(char *buf, size_t size);
int mtr_driver_version(int *version);

/* Loads a cubin (ELF) or NUL-terminated PTX image. */
int mtr_module_load(const void *image, size_t size, mtr_module *out);
/* Loads an image on device `ordinal` (its primary context, retained on first
 * use), leaving the calling thread's current context as it was. */
int mtr_module_load_on(int ordinal, const void *image, size_t size,
                       mtr_module *out);
int mtr_module_unload(mtr_module module);
/* Looks up kernel `name`; fails with an error naming it if absent. */
int mtr_module_get_function(mtr_module module, const char *name,
                            mtr_function *out);
/* Number of parameters the kernel takes. */
int mtr_function_param_count(mtr_function fn, size_t *count);

/* Launches fn on a grid of blocks with `block` threads each. `args` holds
 * `num_args` pointers to the argument values (as cuLaunchKernel wants);
 * num_args must equal the kernel's parameter count. The launch runs in the
 * primary context of the device the module was loaded on; a different
 * context current on the calling thread is made current again afterwards.
 * `stream` must belong to that device (NULL: its default stream). */
int mtr_launch(mtr_function fn, const unsigned grid[3], const unsigned block[3],
               unsigned shared_bytes, void *stream, void **args,
               size_t num_args);
int mtr_synchronize(void);

int mtr_malloc(uint64_t *device_ptr, size_t bytes);
int mtr_free(uint64_t device_ptr);
int mtr_memcpy_htod(uint64_t dst, const void *src, size_t bytes);
int mtr_memcpy_dtoh(void *dst, uint64_t src, size_t bytes);

/* Helpers beyond the original contract. */

/* "MTR_ERROR_NO_DRIVER" etc.; "MTR_UNKNOWN_STATUS" for other values. */
const char *mtr_status_name(int status);
/* The driver library that was loaded ("" before the first successful load):
 * $MYTRITON_LIBCUDA when set, else "libcuda.so.1" or "libcuda.so". */
const char *mtr_driver_library(void);
/* Compute capability of the calling thread's device, e.g. 9 and 0 (sm_90). */
int mtr_device_compute_capability(int *major, int *minor);
/* Sets `bytes` bytes at dst to `value`. */
int mtr_memset(uint64_t dst, unsigned char value, size_t bytes);
/* Device `ordinal`'s attribute `attribute` (a CUdevice_attribute value, e.g.
 * CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16); needs no context. */
int mtr_device_attribute(int ordinal, int attribute, int *value);
/* The ordinal of the device of the calling thread's current CUDA context (the
 * one torch or CuPy made current), or -1 when no context is current. */
int mtr_current_device(int *ordinal);
/* The ordinal of the device that holds `device_ptr`
 * (cuPointerGetAttribute(CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL)); fails with
 * MTR_ERROR_CUDA for memory the driver does not know. */
int mtr_pointer_device(uint64_t device_ptr, int *ordinal);
/* Attribute `attribute` of a loaded kernel (a CUfunction_attribute value:
 * CU_FUNC_ATTRIBUTE_NUM_REGS = 4, LOCAL_SIZE_BYTES = 3,
 * SHARED_SIZE_BYTES = 1). */
int mtr_function_attribute(mtr_function fn, int attribute, int *value);
/* Gives every later launch of `fn` `bytes` of dynamic shared memory (what
 * the compiler reports for the kernel's shared-memory tiles), asking the
 * driver for the opt-in when that is more than the 48 KiB a block gets by
 * default; fails with a message naming the kernel when the device allows
 * less. mtr_launch passes the larger of this and its own shared_bytes. */
int mtr_function_set_shared(mtr_function fn, unsigned bytes);
/* Caps how many blocks of `fn` an SM holds so that their global loads in
 * flight stay under what the memory system serves best (160 KiB an SM,
 * measured on an H200: docs/performance.md). `load_bytes` is what one block
 * of `threads` threads loads at once (the compiler's "load-bytes", 0 for
 * none). When the registers allow more blocks than that, reserves shared
 * memory for every later launch (used or not) and sets the function's
 * L1/shared carveout to fit exactly the cap; kernels that use shared memory
 * are left alone. *reserved_bytes (may be NULL) gets the bytes reserved, 0
 * when nothing changed. */
int mtr_function_limit_loads_in_flight(mtr_function fn, unsigned threads,
                                       unsigned load_bytes,
                                       unsigned *reserved_bytes);
/* The plan behind it, without a device: for a kernel of `load_bytes` a block
 * that fits `blocks_per_sm` blocks on an SM with `shared_per_sm` bytes of
 * shared memory (MAX_SHARED_MEMORY_PER_MULTIPROCESSOR) and
 * `reserved_per_block` (RESERVED_SHARED_MEMORY_PER_BLOCK), returns 1 and the
 * dynamic shared memory to reserve and the carveout (percent) to ask for,
 * or 0 when no cap applies (few enough blocks, or a cap that would leave
 * the L1 less than 32 KiB). */
int mtr_plan_load_cap(unsigned load_bytes, int blocks_per_sm,
                      unsigned shared_per_sm, unsigned reserved_per_block,
                      unsigned *shared_bytes, unsigned *carveout_percent);
/* The device ordinal whose primary context holds the function's module. */
int mtr_function_device(mtr_function fn, int *ordinal);
/* A TMA tensor map (CUtensorMap: 128 bytes written to `out`, 64-byte
 * aligned) of a tensor at device address `base` with `rank` (1 to 5)
 * dimensions, innermost first: sizes[i] elements along dimension i,
 * strides[i] bytes between neighbours along dimension i + 1 (rank - 1 of
 * them), elements of element_bytes (1, 2, 4 or 8) bytes, boxes of box[i]
 * elements, swizzled by rows of `swizzle` bytes (0, 32, 64 or 128; the
 * box's innermost extent in bytes must not exceed it). Elements outside the
 * tensor read as zeros. Only encodes: no device or context is needed. */
int mtr_tensor_map_encode(void *out, unsigned rank, uint64_t base,
                          unsigned element_bytes, const uint64_t *sizes,
                          const uint64_t *strides, const unsigned *box,
                          unsigned swizzle);
/* Streams for mtr_launch; NULL is the default stream. */
int mtr_stream_create(void **stream);
int mtr_stream_destroy(void *stream);
int mtr_stream_synchronize(void *stream);

#ifdef __cplusplus
}
#endif

#endif /* MYTRITON_RUNTIME_RUNTIME_H */
