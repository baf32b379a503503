// The calls that gpu_to_host.py (test/Conversion/TTToGPU/Inputs) puts in
// place of the gpu dialect's thread ids, shuffles and barriers, so the IR
// convert-tt-to-gpu lowers runs on host_emulation.h's fibers (included
// first): one fiber per GPU thread, shuffles and barriers as there.
#ifndef MYTRITON_GPU_IR_HOST_H
#define MYTRITON_GPU_IR_HOST_H

#include <cstdint>

namespace emu {
// gpu.shuffle's `width` lanes take part: the low `width` bits of the mask.
inline unsigned widthMask(int32_t width) {
  return width >= 32 ? 0xffffffffu : (1u << width) - 1u;
}
} // namespace emu

extern "C" {
int64_t mytriton_emu_thread_id_x() { return threadIdx.x; }
int64_t mytriton_emu_thread_id_y() { return threadIdx.y; }
int64_t mytriton_emu_block_id_x() { return blockIdx.x; }
int64_t mytriton_emu_block_id_y() { return blockIdx.y; }
void mytriton_emu_barrier() { __syncthreads(); }
int32_t mytriton_emu_shfl_xor_i32(int32_t v, int32_t offset, int32_t width) {
  return emu::shuffleXor(emu::widthMask(width), v, offset);
}
float mytriton_emu_shfl_xor_f32(float v, int32_t offset, int32_t width) {
  return emu::shuffleXor(emu::widthMask(width), v, offset);
}
int64_t mytriton_emu_shfl_xor_i64(int64_t v, int32_t offset, int32_t width) {
  return shuffleXor64(emu::widthMask(width), v, offset);
}
double mytriton_emu_shfl_xor_f64(double v, int32_t offset, int32_t width) {
  return shuffleXor64(emu::widthMask(width), v, offset);
}
}

#endif // MYTRITON_GPU_IR_HOST_H
