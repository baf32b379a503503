// Every verifier rule of #tt.mma and of #tt.dot_operand with an #tt.mma
// parent, each triggered once.
// RUN: mytriton-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{#tt.mma versionMajor must be 2 (mma.sync) or 3 (wgmma), got 1}}
func.func @version(%c: tensor<16x8xf32, #tt.mma<{versionMajor = 1, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>)

// -----

// expected-error @+1 {{#tt.mma needs two entries (M, N) in warpsPerCTA and instrShape; got 1 and 2}}
func.func @rank(%c: tensor<16x8xf32, #tt.mma<{versionMajor = 2, warpsPerCTA = [4], instrShape = [16, 8]}>>)

// -----

// expected-error @+1 {{warpsPerCTA[1] = 3 is not a positive power of two}}
func.func @warps(%c: tensor<16x8xf32, #tt.mma<{versionMajor = 2, warpsPerCTA = [1, 3], instrShape = [16, 8]}>>)

// -----

// expected-error @+1 {{warpsPerCTA [8, 8] has 64 warps; a CUDA block holds at most 32 (1024 threads)}}
func.func @too_many_warps(%c: tensor<128x64xf32, #tt.mma<{versionMajor = 2, warpsPerCTA = [8, 8], instrShape = [16, 8]}>>)

// -----

// expected-error @+1 {{#tt.mma instrShape [8, 8]: a warp's tile has 16 rows}}
func.func @instr_rows(%c: tensor<16x8xf32, #tt.mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [8, 8]}>>)

// -----

// expected-error @+1 {{#tt.mma version 2 (mma.sync.m16n8) has instrShape [16, 8], got [16, 16]}}
func.func @v2_instr(%c: tensor<16x16xf32, #tt.mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 16]}>>)

// -----

// expected-error @+1 {{#tt.mma version 3 (wgmma) needs instrShape[1] a power of two from 8 to 256, got [16, 512]}}
func.func @v3_instr(%c: tensor<64x512xf32, #tt.mma<{versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 512]}>>)

// -----

// expected-error @+1 {{#tt.mma version 3 runs warpgroups of 4 consecutive warps along M, so warpsPerCTA[0] must be a multiple of 4, got [2, 2]}}
func.func @v3_warpgroup(%c: tensor<64x64xf32, #tt.mma<{versionMajor = 3, warpsPerCTA = [2, 2], instrShape = [16, 32]}>>)

// -----

// expected-error @+1 {{a 16x8 tensor is not a whole number of #tt.mma tiles of 32x8 (instrShape times warpsPerCTA)}}
func.func @tile(%c: tensor<16x8xf32, #tt.mma<{versionMajor = 2, warpsPerCTA = [2, 1], instrShape = [16, 8]}>>)

// -----

// expected-error @+1 {{#tt.mma lays out 2-D accumulators, not a rank-1 tensor}}
func.func @rank1(%c: tensor<16xf32, #tt.mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>)

// -----

// expected-error @+1 {{dimension 1 of a tensor with a #tt.mma layout has size 24; layouts need static power-of-two shapes}}
func.func @not_power_of_two(%c: tensor<16x24xf32, #tt.mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>)

// -----

// expected-error @+1 {{#tt.dot_operand of a #tt.mma parent holds mma.sync (version 2) fragments; wgmma (version 3) reads its operands from shared memory}}
func.func @operand_of_v3(%a: tensor<64x16xf16, #tt.dot_operand<{opIdx = 0, parent = #tt.mma<{versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>)

// -----

// expected-error @+1 {{#tt.dot_operand of a #tt.mma parent needs kWidth 1 (tf32), 2 (16-bit) or 4 (8-bit), got 0}}
func.func @no_kwidth(%a: tensor<16x16xf16, #tt.dot_operand<{opIdx = 0, parent = #tt.mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>}>>)

// -----

// expected-error @+1 {{#tt.dot_operand of a #tt.blocked parent (the FMA path) has no kWidth, got 2}}
func.func @kwidth_on_blocked(%a: tensor<16x16xf32, #tt.dot_operand<{opIdx = 0, parent = #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>, kWidth = 2}>>)

// -----

// expected-error @+1 {{#tt.dot_operand kWidth 2 does not pack 'f32' elements into 32-bit registers (kWidth = 32 / element bits)}}
func.func @kwidth_element(%a: tensor<16x16xf32, #tt.dot_operand<{opIdx = 0, parent = #tt.mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>, kWidth = 2}>>)

// -----

// expected-error @+1 {{a 16x8 operand is not a whole number of mma.sync fragments of 16x16}}
func.func @fragment(%a: tensor<16x8xf16, #tt.dot_operand<{opIdx = 0, parent = #tt.mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>, kWidth = 2}>>)

// -----

// expected-error @+1 {{unknown key 'kwidth' in #tt.dot_operand; expected opIdx, parent, kWidth (optional)}}
func.func @misspelled_key(%a: tensor<16x16xf16, #tt.dot_operand<{opIdx = 0, parent = #tt.mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>, kwidth = 2}>>)
