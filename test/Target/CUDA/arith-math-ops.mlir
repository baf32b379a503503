// Golden CUDA for every arith and math op the emitter prints, on scalars and
// on tensors (one element per thread). No reductions: both forms agree.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s
// RUN: mytriton-translate --emit-cuda --cuda-reduction=shared-tree %s | FileCheck %s

// Every cmpf predicate: C's <, <=, >, >=, == are ordered (false on NaN),
// != is unordered; the others negate their opposite (ult is !(a >= b)).
// CHECK: // Launch: blockDim (1, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(1) cmpf_predicates(
// CHECK-SAME: float [[ARG0:arg[0-9]+]], float [[ARG1:arg[0-9]+]], int* [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const bool [[V0:v[0-9]+]] = false;
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)[[V0]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][0] = [[V1]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V3:v[0-9]+]] = [[ARG0]] == [[ARG1]];
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)[[V3]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][1] = [[V4]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V6:v[0-9]+]] = [[ARG0]] > [[ARG1]];
// CHECK-NEXT: const int [[V7:v[0-9]+]] = (int)[[V6]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][2] = [[V7]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V9:v[0-9]+]] = [[ARG0]] >= [[ARG1]];
// CHECK-NEXT: const int [[V10:v[0-9]+]] = (int)[[V9]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][3] = [[V10]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V12:v[0-9]+]] = [[ARG0]] < [[ARG1]];
// CHECK-NEXT: const int [[V13:v[0-9]+]] = (int)[[V12]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][4] = [[V13]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V15:v[0-9]+]] = [[ARG0]] <= [[ARG1]];
// CHECK-NEXT: const int [[V16:v[0-9]+]] = (int)[[V15]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][5] = [[V16]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V18:v[0-9]+]] = [[ARG0]] < [[ARG1]] || [[ARG0]] > [[ARG1]];
// CHECK-NEXT: const int [[V19:v[0-9]+]] = (int)[[V18]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][6] = [[V19]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V21:v[0-9]+]] = [[ARG0]] == [[ARG0]] && [[ARG1]] == [[ARG1]];
// CHECK-NEXT: const int [[V22:v[0-9]+]] = (int)[[V21]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][7] = [[V22]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V24:v[0-9]+]] = !([[ARG0]] < [[ARG1]] || [[ARG0]] > [[ARG1]]);
// CHECK-NEXT: const int [[V25:v[0-9]+]] = (int)[[V24]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][8] = [[V25]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V27:v[0-9]+]] = !([[ARG0]] <= [[ARG1]]);
// CHECK-NEXT: const int [[V28:v[0-9]+]] = (int)[[V27]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][9] = [[V28]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V30:v[0-9]+]] = !([[ARG0]] < [[ARG1]]);
// CHECK-NEXT: const int [[V31:v[0-9]+]] = (int)[[V30]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][10] = [[V31]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V33:v[0-9]+]] = !([[ARG0]] >= [[ARG1]]);
// CHECK-NEXT: const int [[V34:v[0-9]+]] = (int)[[V33]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][11] = [[V34]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V36:v[0-9]+]] = !([[ARG0]] > [[ARG1]]);
// CHECK-NEXT: const int [[V37:v[0-9]+]] = (int)[[V36]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][12] = [[V37]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V39:v[0-9]+]] = [[ARG0]] != [[ARG1]];
// CHECK-NEXT: const int [[V40:v[0-9]+]] = (int)[[V39]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][13] = [[V40]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V42:v[0-9]+]] = [[ARG0]] != [[ARG0]] || [[ARG1]] != [[ARG1]];
// CHECK-NEXT: const int [[V43:v[0-9]+]] = (int)[[V42]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][14] = [[V43]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V45:v[0-9]+]] = true;
// CHECK-NEXT: const int [[V46:v[0-9]+]] = (int)[[V45]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][15] = [[V46]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @cmpf_predicates(%a: f32, %b: f32, %out: !tt.ptr<i32>) attributes {block_size = 1 : i32} {
  %false = arith.cmpf false, %a, %b : f32
  %false_i = arith.extui %false : i1 to i32
  %false_k = arith.constant 0 : i32
  %false_p = tt.addptr %out, %false_k : !tt.ptr<i32>, i32
  tt.store %false_p, %false_i : !tt.ptr<i32>
  %oeq = arith.cmpf oeq, %a, %b : f32
  %oeq_i = arith.extui %oeq : i1 to i32
  %oeq_k = arith.constant 1 : i32
  %oeq_p = tt.addptr %out, %oeq_k : !tt.ptr<i32>, i32
  tt.store %oeq_p, %oeq_i : !tt.ptr<i32>
  %ogt = arith.cmpf ogt, %a, %b : f32
  %ogt_i = arith.extui %ogt : i1 to i32
  %ogt_k = arith.constant 2 : i32
  %ogt_p = tt.addptr %out, %ogt_k : !tt.ptr<i32>, i32
  tt.store %ogt_p, %ogt_i : !tt.ptr<i32>
  %oge = arith.cmpf oge, %a, %b : f32
  %oge_i = arith.extui %oge : i1 to i32
  %oge_k = arith.constant 3 : i32
  %oge_p = tt.addptr %out, %oge_k : !tt.ptr<i32>, i32
  tt.store %oge_p, %oge_i : !tt.ptr<i32>
  %olt = arith.cmpf olt, %a, %b : f32
  %olt_i = arith.extui %olt : i1 to i32
  %olt_k = arith.constant 4 : i32
  %olt_p = tt.addptr %out, %olt_k : !tt.ptr<i32>, i32
  tt.store %olt_p, %olt_i : !tt.ptr<i32>
  %ole = arith.cmpf ole, %a, %b : f32
  %ole_i = arith.extui %ole : i1 to i32
  %ole_k = arith.constant 5 : i32
  %ole_p = tt.addptr %out, %ole_k : !tt.ptr<i32>, i32
  tt.store %ole_p, %ole_i : !tt.ptr<i32>
  %one = arith.cmpf one, %a, %b : f32
  %one_i = arith.extui %one : i1 to i32
  %one_k = arith.constant 6 : i32
  %one_p = tt.addptr %out, %one_k : !tt.ptr<i32>, i32
  tt.store %one_p, %one_i : !tt.ptr<i32>
  %ord = arith.cmpf ord, %a, %b : f32
  %ord_i = arith.extui %ord : i1 to i32
  %ord_k = arith.constant 7 : i32
  %ord_p = tt.addptr %out, %ord_k : !tt.ptr<i32>, i32
  tt.store %ord_p, %ord_i : !tt.ptr<i32>
  %ueq = arith.cmpf ueq, %a, %b : f32
  %ueq_i = arith.extui %ueq : i1 to i32
  %ueq_k = arith.constant 8 : i32
  %ueq_p = tt.addptr %out, %ueq_k : !tt.ptr<i32>, i32
  tt.store %ueq_p, %ueq_i : !tt.ptr<i32>
  %ugt = arith.cmpf ugt, %a, %b : f32
  %ugt_i = arith.extui %ugt : i1 to i32
  %ugt_k = arith.constant 9 : i32
  %ugt_p = tt.addptr %out, %ugt_k : !tt.ptr<i32>, i32
  tt.store %ugt_p, %ugt_i : !tt.ptr<i32>
  %uge = arith.cmpf uge, %a, %b : f32
  %uge_i = arith.extui %uge : i1 to i32
  %uge_k = arith.constant 10 : i32
  %uge_p = tt.addptr %out, %uge_k : !tt.ptr<i32>, i32
  tt.store %uge_p, %uge_i : !tt.ptr<i32>
  %ult = arith.cmpf ult, %a, %b : f32
  %ult_i = arith.extui %ult : i1 to i32
  %ult_k = arith.constant 11 : i32
  %ult_p = tt.addptr %out, %ult_k : !tt.ptr<i32>, i32
  tt.store %ult_p, %ult_i : !tt.ptr<i32>
  %ule = arith.cmpf ule, %a, %b : f32
  %ule_i = arith.extui %ule : i1 to i32
  %ule_k = arith.constant 12 : i32
  %ule_p = tt.addptr %out, %ule_k : !tt.ptr<i32>, i32
  tt.store %ule_p, %ule_i : !tt.ptr<i32>
  %une = arith.cmpf une, %a, %b : f32
  %une_i = arith.extui %une : i1 to i32
  %une_k = arith.constant 13 : i32
  %une_p = tt.addptr %out, %une_k : !tt.ptr<i32>, i32
  tt.store %une_p, %une_i : !tt.ptr<i32>
  %uno = arith.cmpf uno, %a, %b : f32
  %uno_i = arith.extui %uno : i1 to i32
  %uno_k = arith.constant 14 : i32
  %uno_p = tt.addptr %out, %uno_k : !tt.ptr<i32>, i32
  tt.store %uno_p, %uno_i : !tt.ptr<i32>
  %true = arith.cmpf true, %a, %b : f32
  %true_i = arith.extui %true : i1 to i32
  %true_k = arith.constant 15 : i32
  %true_p = tt.addptr %out, %true_k : !tt.ptr<i32>, i32
  tt.store %true_p, %true_i : !tt.ptr<i32>
  tt.return
}

// Every cmpi predicate; unsigned ones compare the bits as unsigned.
// CHECK: // Launch: blockDim (1, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(1) cmpi_predicates(
// CHECK-SAME: int [[ARG0:arg[0-9]+]], int [[ARG1:arg[0-9]+]], int* [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const bool [[V0:v[0-9]+]] = [[ARG0]] == [[ARG1]];
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)[[V0]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][0] = [[V1]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V3:v[0-9]+]] = [[ARG0]] != [[ARG1]];
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)[[V3]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][1] = [[V4]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V6:v[0-9]+]] = [[ARG0]] < [[ARG1]];
// CHECK-NEXT: const int [[V7:v[0-9]+]] = (int)[[V6]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][2] = [[V7]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V9:v[0-9]+]] = [[ARG0]] <= [[ARG1]];
// CHECK-NEXT: const int [[V10:v[0-9]+]] = (int)[[V9]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][3] = [[V10]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V12:v[0-9]+]] = [[ARG0]] > [[ARG1]];
// CHECK-NEXT: const int [[V13:v[0-9]+]] = (int)[[V12]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][4] = [[V13]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V15:v[0-9]+]] = [[ARG0]] >= [[ARG1]];
// CHECK-NEXT: const int [[V16:v[0-9]+]] = (int)[[V15]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][5] = [[V16]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V18:v[0-9]+]] = (unsigned)[[ARG0]] < (unsigned)[[ARG1]];
// CHECK-NEXT: const int [[V19:v[0-9]+]] = (int)[[V18]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][6] = [[V19]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V21:v[0-9]+]] = (unsigned)[[ARG0]] <= (unsigned)[[ARG1]];
// CHECK-NEXT: const int [[V22:v[0-9]+]] = (int)[[V21]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][7] = [[V22]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V24:v[0-9]+]] = (unsigned)[[ARG0]] > (unsigned)[[ARG1]];
// CHECK-NEXT: const int [[V25:v[0-9]+]] = (int)[[V24]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][8] = [[V25]];
// CHECK-NEXT: }
// CHECK-NEXT: const bool [[V27:v[0-9]+]] = (unsigned)[[ARG0]] >= (unsigned)[[ARG1]];
// CHECK-NEXT: const int [[V28:v[0-9]+]] = (int)[[V27]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][9] = [[V28]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @cmpi_predicates(%a: i32, %b: i32, %out: !tt.ptr<i32>) attributes {block_size = 1 : i32} {
  %eq = arith.cmpi eq, %a, %b : i32
  %eq_i = arith.extui %eq : i1 to i32
  %eq_k = arith.constant 0 : i32
  %eq_p = tt.addptr %out, %eq_k : !tt.ptr<i32>, i32
  tt.store %eq_p, %eq_i : !tt.ptr<i32>
  %ne = arith.cmpi ne, %a, %b : i32
  %ne_i = arith.extui %ne : i1 to i32
  %ne_k = arith.constant 1 : i32
  %ne_p = tt.addptr %out, %ne_k : !tt.ptr<i32>, i32
  tt.store %ne_p, %ne_i : !tt.ptr<i32>
  %slt = arith.cmpi slt, %a, %b : i32
  %slt_i = arith.extui %slt : i1 to i32
  %slt_k = arith.constant 2 : i32
  %slt_p = tt.addptr %out, %slt_k : !tt.ptr<i32>, i32
  tt.store %slt_p, %slt_i : !tt.ptr<i32>
  %sle = arith.cmpi sle, %a, %b : i32
  %sle_i = arith.extui %sle : i1 to i32
  %sle_k = arith.constant 3 : i32
  %sle_p = tt.addptr %out, %sle_k : !tt.ptr<i32>, i32
  tt.store %sle_p, %sle_i : !tt.ptr<i32>
  %sgt = arith.cmpi sgt, %a, %b : i32
  %sgt_i = arith.extui %sgt : i1 to i32
  %sgt_k = arith.constant 4 : i32
  %sgt_p = tt.addptr %out, %sgt_k : !tt.ptr<i32>, i32
  tt.store %sgt_p, %sgt_i : !tt.ptr<i32>
  %sge = arith.cmpi sge, %a, %b : i32
  %sge_i = arith.extui %sge : i1 to i32
  %sge_k = arith.constant 5 : i32
  %sge_p = tt.addptr %out, %sge_k : !tt.ptr<i32>, i32
  tt.store %sge_p, %sge_i : !tt.ptr<i32>
  %ult = arith.cmpi ult, %a, %b : i32
  %ult_i = arith.extui %ult : i1 to i32
  %ult_k = arith.constant 6 : i32
  %ult_p = tt.addptr %out, %ult_k : !tt.ptr<i32>, i32
  tt.store %ult_p, %ult_i : !tt.ptr<i32>
  %ule = arith.cmpi ule, %a, %b : i32
  %ule_i = arith.extui %ule : i1 to i32
  %ule_k = arith.constant 7 : i32
  %ule_p = tt.addptr %out, %ule_k : !tt.ptr<i32>, i32
  tt.store %ule_p, %ule_i : !tt.ptr<i32>
  %ugt = arith.cmpi ugt, %a, %b : i32
  %ugt_i = arith.extui %ugt : i1 to i32
  %ugt_k = arith.constant 8 : i32
  %ugt_p = tt.addptr %out, %ugt_k : !tt.ptr<i32>, i32
  tt.store %ugt_p, %ugt_i : !tt.ptr<i32>
  %uge = arith.cmpi uge, %a, %b : i32
  %uge_i = arith.extui %uge : i1 to i32
  %uge_k = arith.constant 9 : i32
  %uge_p = tt.addptr %out, %uge_k : !tt.ptr<i32>, i32
  tt.store %uge_p, %uge_i : !tt.ptr<i32>
  tt.return
}

// Float arithmetic on tensors: one element per thread, full-precision
// CUDA functions (expf, not __expf), IEEE division, fmaxf/fminf.
// CHECK: // Launch: blockDim (4, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(4) float_ops(
// CHECK-SAME: float [[ARG0:arg[0-9]+]], float [[ARG1:arg[0-9]+]], float [[ARG2:arg[0-9]+]], float* [[ARG3:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const int [[V3:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const float [[V5:v[0-9]+]] = [[ARG0]] + [[ARG1]];
// CHECK-NEXT: const float [[V6:v[0-9]+]] = [[ARG0]] - [[ARG1]];
// CHECK-NEXT: const float [[V7:v[0-9]+]] = [[ARG0]] * [[ARG1]];
// CHECK-NEXT: const float [[V8:v[0-9]+]] = [[ARG0]] / [[ARG1]];
// CHECK-NEXT: const float [[V9:v[0-9]+]] = fmodf([[ARG0]], [[ARG1]]);
// CHECK-NEXT: const float [[V10:v[0-9]+]] = fmaxf([[ARG0]], [[ARG1]]);
// CHECK-NEXT: const float [[V11:v[0-9]+]] = fminf([[ARG0]], [[ARG1]]);
// CHECK-NEXT: const float [[V12:v[0-9]+]] = -[[ARG0]];
// CHECK-NEXT: const float [[V13:v[0-9]+]] = expf([[ARG0]]);
// CHECK-NEXT: const float [[V14:v[0-9]+]] = exp2f([[ARG0]]);
// CHECK-NEXT: const float [[V15:v[0-9]+]] = expm1f([[ARG0]]);
// CHECK-NEXT: const float [[V16:v[0-9]+]] = logf([[ARG0]]);
// CHECK-NEXT: const float [[V17:v[0-9]+]] = log2f([[ARG0]]);
// CHECK-NEXT: const float [[V18:v[0-9]+]] = log10f([[ARG0]]);
// CHECK-NEXT: const float [[V19:v[0-9]+]] = log1pf([[ARG0]]);
// CHECK-NEXT: const float [[V20:v[0-9]+]] = sqrtf([[ARG0]]);
// CHECK-NEXT: const float [[V21:v[0-9]+]] = rsqrtf([[ARG0]]);
// CHECK-NEXT: const float [[V22:v[0-9]+]] = fabsf([[ARG0]]);
// CHECK-NEXT: const float [[V23:v[0-9]+]] = tanhf([[ARG0]]);
// CHECK-NEXT: const float [[V24:v[0-9]+]] = sinf([[ARG0]]);
// CHECK-NEXT: const float [[V25:v[0-9]+]] = cosf([[ARG0]]);
// CHECK-NEXT: const float [[V26:v[0-9]+]] = tanf([[ARG0]]);
// CHECK-NEXT: const float [[V27:v[0-9]+]] = erff([[ARG0]]);
// CHECK-NEXT: const float [[V28:v[0-9]+]] = floorf([[ARG0]]);
// CHECK-NEXT: const float [[V29:v[0-9]+]] = ceilf([[ARG0]]);
// CHECK-NEXT: const float [[V30:v[0-9]+]] = truncf([[ARG0]]);
// CHECK-NEXT: const float [[V31:v[0-9]+]] = roundf([[ARG0]]);
// CHECK-NEXT: const float [[V32:v[0-9]+]] = rintf([[ARG0]]);
// CHECK-NEXT: const float [[V33:v[0-9]+]] = fmaf([[ARG0]], [[ARG1]], [[ARG2]]);
// CHECK-NEXT: const float [[V34:v[0-9]+]] = powf([[ARG0]], [[ARG1]]);
// CHECK-NEXT: const bool [[V35:v[0-9]+]] = [[ARG0]] < [[ARG1]];
// CHECK-NEXT: const float [[V36:v[0-9]+]] = [[V35]] ? [[ARG0]] : [[ARG1]];
// CHECK-NEXT: const int [[V37:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)0);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V37]]] = [[V5]];
// CHECK-NEXT: const int [[V39:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)4);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V39]]] = [[V6]];
// CHECK-NEXT: const int [[V41:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)8);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V41]]] = [[V7]];
// CHECK-NEXT: const int [[V43:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)12);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V43]]] = [[V8]];
// CHECK-NEXT: const int [[V45:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)16);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V45]]] = [[V9]];
// CHECK-NEXT: const int [[V47:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)20);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V47]]] = [[V10]];
// CHECK-NEXT: const int [[V49:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)24);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V49]]] = [[V11]];
// CHECK-NEXT: const int [[V51:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)28);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V51]]] = [[V12]];
// CHECK-NEXT: const int [[V53:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)32);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V53]]] = [[V13]];
// CHECK-NEXT: const int [[V55:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)36);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V55]]] = [[V14]];
// CHECK-NEXT: const int [[V57:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)40);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V57]]] = [[V15]];
// CHECK-NEXT: const int [[V59:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)44);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V59]]] = [[V16]];
// CHECK-NEXT: const int [[V61:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)48);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V61]]] = [[V17]];
// CHECK-NEXT: const int [[V63:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)52);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V63]]] = [[V18]];
// CHECK-NEXT: const int [[V65:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)56);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V65]]] = [[V19]];
// CHECK-NEXT: const int [[V67:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)60);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V67]]] = [[V20]];
// CHECK-NEXT: const int [[V69:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)64);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V69]]] = [[V21]];
// CHECK-NEXT: const int [[V71:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)68);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V71]]] = [[V22]];
// CHECK-NEXT: const int [[V73:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)72);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V73]]] = [[V23]];
// CHECK-NEXT: const int [[V75:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)76);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V75]]] = [[V24]];
// CHECK-NEXT: const int [[V77:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)80);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V77]]] = [[V25]];
// CHECK-NEXT: const int [[V79:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)84);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V79]]] = [[V26]];
// CHECK-NEXT: const int [[V81:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)88);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V81]]] = [[V27]];
// CHECK-NEXT: const int [[V83:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)92);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V83]]] = [[V28]];
// CHECK-NEXT: const int [[V85:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)96);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V85]]] = [[V29]];
// CHECK-NEXT: const int [[V87:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)100);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V87]]] = [[V30]];
// CHECK-NEXT: const int [[V89:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)104);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V89]]] = [[V31]];
// CHECK-NEXT: const int [[V91:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)108);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V91]]] = [[V32]];
// CHECK-NEXT: const int [[V93:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)112);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V93]]] = [[V33]];
// CHECK-NEXT: const int [[V95:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)116);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V95]]] = [[V34]];
// CHECK-NEXT: const int [[V97:v[0-9]+]] = (int)((unsigned)[[V3]] + (unsigned)120);
// CHECK-NEXT: [[ARG3]]{{\[}}[[V97]]] = [[V36]];
// CHECK-NEXT: }
tt.func @float_ops(%a: f32, %b: f32, %c: f32, %out: !tt.ptr<f32>) attributes {block_size = 4 : i32} {
  %av = tt.splat %a : f32 -> tensor<4xf32>
  %bv = tt.splat %b : f32 -> tensor<4xf32>
  %cv = tt.splat %c : f32 -> tensor<4xf32>
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %outs = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %addf = arith.addf %av, %bv : tensor<4xf32>
  %subf = arith.subf %av, %bv : tensor<4xf32>
  %mulf = arith.mulf %av, %bv : tensor<4xf32>
  %divf = arith.divf %av, %bv : tensor<4xf32>
  %remf = arith.remf %av, %bv : tensor<4xf32>
  %maxnumf = arith.maxnumf %av, %bv : tensor<4xf32>
  %minnumf = arith.minnumf %av, %bv : tensor<4xf32>
  %negf = arith.negf %av : tensor<4xf32>
  %exp = math.exp %av : tensor<4xf32>
  %exp2 = math.exp2 %av : tensor<4xf32>
  %expm1 = math.expm1 %av : tensor<4xf32>
  %log = math.log %av : tensor<4xf32>
  %log2 = math.log2 %av : tensor<4xf32>
  %log10 = math.log10 %av : tensor<4xf32>
  %log1p = math.log1p %av : tensor<4xf32>
  %sqrt = math.sqrt %av : tensor<4xf32>
  %rsqrt = math.rsqrt %av : tensor<4xf32>
  %absf = math.absf %av : tensor<4xf32>
  %tanh = math.tanh %av : tensor<4xf32>
  %sin = math.sin %av : tensor<4xf32>
  %cos = math.cos %av : tensor<4xf32>
  %tan = math.tan %av : tensor<4xf32>
  %erf = math.erf %av : tensor<4xf32>
  %floor = math.floor %av : tensor<4xf32>
  %ceil = math.ceil %av : tensor<4xf32>
  %trunc = math.trunc %av : tensor<4xf32>
  %round = math.round %av : tensor<4xf32>
  %roundeven = math.roundeven %av : tensor<4xf32>
  %fma = math.fma %av, %bv, %cv : tensor<4xf32>
  %powf = math.powf %av, %bv : tensor<4xf32>
  %lt = arith.cmpf olt, %av, %bv : tensor<4xf32>
  %select = arith.select %lt, %av, %bv : tensor<4xi1>, tensor<4xf32>
  %k0 = arith.constant dense<0> : tensor<4xi32>
  %o0 = arith.addi %lanes, %k0 : tensor<4xi32>
  %p0 = tt.addptr %outs, %o0 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p0, %addf : tensor<4x!tt.ptr<f32>>
  %k1 = arith.constant dense<4> : tensor<4xi32>
  %o1 = arith.addi %lanes, %k1 : tensor<4xi32>
  %p1 = tt.addptr %outs, %o1 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p1, %subf : tensor<4x!tt.ptr<f32>>
  %k2 = arith.constant dense<8> : tensor<4xi32>
  %o2 = arith.addi %lanes, %k2 : tensor<4xi32>
  %p2 = tt.addptr %outs, %o2 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p2, %mulf : tensor<4x!tt.ptr<f32>>
  %k3 = arith.constant dense<12> : tensor<4xi32>
  %o3 = arith.addi %lanes, %k3 : tensor<4xi32>
  %p3 = tt.addptr %outs, %o3 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p3, %divf : tensor<4x!tt.ptr<f32>>
  %k4 = arith.constant dense<16> : tensor<4xi32>
  %o4 = arith.addi %lanes, %k4 : tensor<4xi32>
  %p4 = tt.addptr %outs, %o4 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p4, %remf : tensor<4x!tt.ptr<f32>>
  %k5 = arith.constant dense<20> : tensor<4xi32>
  %o5 = arith.addi %lanes, %k5 : tensor<4xi32>
  %p5 = tt.addptr %outs, %o5 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p5, %maxnumf : tensor<4x!tt.ptr<f32>>
  %k6 = arith.constant dense<24> : tensor<4xi32>
  %o6 = arith.addi %lanes, %k6 : tensor<4xi32>
  %p6 = tt.addptr %outs, %o6 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p6, %minnumf : tensor<4x!tt.ptr<f32>>
  %k7 = arith.constant dense<28> : tensor<4xi32>
  %o7 = arith.addi %lanes, %k7 : tensor<4xi32>
  %p7 = tt.addptr %outs, %o7 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p7, %negf : tensor<4x!tt.ptr<f32>>
  %k8 = arith.constant dense<32> : tensor<4xi32>
  %o8 = arith.addi %lanes, %k8 : tensor<4xi32>
  %p8 = tt.addptr %outs, %o8 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p8, %exp : tensor<4x!tt.ptr<f32>>
  %k9 = arith.constant dense<36> : tensor<4xi32>
  %o9 = arith.addi %lanes, %k9 : tensor<4xi32>
  %p9 = tt.addptr %outs, %o9 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p9, %exp2 : tensor<4x!tt.ptr<f32>>
  %k10 = arith.constant dense<40> : tensor<4xi32>
  %o10 = arith.addi %lanes, %k10 : tensor<4xi32>
  %p10 = tt.addptr %outs, %o10 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p10, %expm1 : tensor<4x!tt.ptr<f32>>
  %k11 = arith.constant dense<44> : tensor<4xi32>
  %o11 = arith.addi %lanes, %k11 : tensor<4xi32>
  %p11 = tt.addptr %outs, %o11 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p11, %log : tensor<4x!tt.ptr<f32>>
  %k12 = arith.constant dense<48> : tensor<4xi32>
  %o12 = arith.addi %lanes, %k12 : tensor<4xi32>
  %p12 = tt.addptr %outs, %o12 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p12, %log2 : tensor<4x!tt.ptr<f32>>
  %k13 = arith.constant dense<52> : tensor<4xi32>
  %o13 = arith.addi %lanes, %k13 : tensor<4xi32>
  %p13 = tt.addptr %outs, %o13 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p13, %log10 : tensor<4x!tt.ptr<f32>>
  %k14 = arith.constant dense<56> : tensor<4xi32>
  %o14 = arith.addi %lanes, %k14 : tensor<4xi32>
  %p14 = tt.addptr %outs, %o14 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p14, %log1p : tensor<4x!tt.ptr<f32>>
  %k15 = arith.constant dense<60> : tensor<4xi32>
  %o15 = arith.addi %lanes, %k15 : tensor<4xi32>
  %p15 = tt.addptr %outs, %o15 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p15, %sqrt : tensor<4x!tt.ptr<f32>>
  %k16 = arith.constant dense<64> : tensor<4xi32>
  %o16 = arith.addi %lanes, %k16 : tensor<4xi32>
  %p16 = tt.addptr %outs, %o16 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p16, %rsqrt : tensor<4x!tt.ptr<f32>>
  %k17 = arith.constant dense<68> : tensor<4xi32>
  %o17 = arith.addi %lanes, %k17 : tensor<4xi32>
  %p17 = tt.addptr %outs, %o17 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p17, %absf : tensor<4x!tt.ptr<f32>>
  %k18 = arith.constant dense<72> : tensor<4xi32>
  %o18 = arith.addi %lanes, %k18 : tensor<4xi32>
  %p18 = tt.addptr %outs, %o18 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p18, %tanh : tensor<4x!tt.ptr<f32>>
  %k19 = arith.constant dense<76> : tensor<4xi32>
  %o19 = arith.addi %lanes, %k19 : tensor<4xi32>
  %p19 = tt.addptr %outs, %o19 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p19, %sin : tensor<4x!tt.ptr<f32>>
  %k20 = arith.constant dense<80> : tensor<4xi32>
  %o20 = arith.addi %lanes, %k20 : tensor<4xi32>
  %p20 = tt.addptr %outs, %o20 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p20, %cos : tensor<4x!tt.ptr<f32>>
  %k21 = arith.constant dense<84> : tensor<4xi32>
  %o21 = arith.addi %lanes, %k21 : tensor<4xi32>
  %p21 = tt.addptr %outs, %o21 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p21, %tan : tensor<4x!tt.ptr<f32>>
  %k22 = arith.constant dense<88> : tensor<4xi32>
  %o22 = arith.addi %lanes, %k22 : tensor<4xi32>
  %p22 = tt.addptr %outs, %o22 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p22, %erf : tensor<4x!tt.ptr<f32>>
  %k23 = arith.constant dense<92> : tensor<4xi32>
  %o23 = arith.addi %lanes, %k23 : tensor<4xi32>
  %p23 = tt.addptr %outs, %o23 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p23, %floor : tensor<4x!tt.ptr<f32>>
  %k24 = arith.constant dense<96> : tensor<4xi32>
  %o24 = arith.addi %lanes, %k24 : tensor<4xi32>
  %p24 = tt.addptr %outs, %o24 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p24, %ceil : tensor<4x!tt.ptr<f32>>
  %k25 = arith.constant dense<100> : tensor<4xi32>
  %o25 = arith.addi %lanes, %k25 : tensor<4xi32>
  %p25 = tt.addptr %outs, %o25 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p25, %trunc : tensor<4x!tt.ptr<f32>>
  %k26 = arith.constant dense<104> : tensor<4xi32>
  %o26 = arith.addi %lanes, %k26 : tensor<4xi32>
  %p26 = tt.addptr %outs, %o26 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p26, %round : tensor<4x!tt.ptr<f32>>
  %k27 = arith.constant dense<108> : tensor<4xi32>
  %o27 = arith.addi %lanes, %k27 : tensor<4xi32>
  %p27 = tt.addptr %outs, %o27 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p27, %roundeven : tensor<4x!tt.ptr<f32>>
  %k28 = arith.constant dense<112> : tensor<4xi32>
  %o28 = arith.addi %lanes, %k28 : tensor<4xi32>
  %p28 = tt.addptr %outs, %o28 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p28, %fma : tensor<4x!tt.ptr<f32>>
  %k29 = arith.constant dense<116> : tensor<4xi32>
  %o29 = arith.addi %lanes, %k29 : tensor<4xi32>
  %p29 = tt.addptr %outs, %o29 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p29, %powf : tensor<4x!tt.ptr<f32>>
  %k30 = arith.constant dense<120> : tensor<4xi32>
  %o30 = arith.addi %lanes, %k30 : tensor<4xi32>
  %p30 = tt.addptr %outs, %o30 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p30, %select : tensor<4x!tt.ptr<f32>>
  tt.return
}

// i32 arithmetic on scalars: add/sub/mul/shl wrap (computed in unsigned),
// unsigned ops reinterpret, max/min compare. Scalar stores are thread 0's.
// CHECK: // Launch: blockDim (1, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(1) int_ops(
// CHECK-SAME: int [[ARG0:arg[0-9]+]], int [[ARG1:arg[0-9]+]], int* [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)[[ARG0]] + (unsigned)[[ARG1]]);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)[[ARG0]] - (unsigned)[[ARG1]]);
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)((unsigned)[[ARG0]] * (unsigned)[[ARG1]]);
// CHECK-NEXT: const int [[V3:v[0-9]+]] = [[ARG0]] / [[ARG1]];
// CHECK-NEXT: const int [[V4:v[0-9]+]] = [[ARG0]] % [[ARG1]];
// CHECK-NEXT: const int [[V5:v[0-9]+]] = (int)((unsigned)[[ARG0]] / (unsigned)[[ARG1]]);
// CHECK-NEXT: const int [[V6:v[0-9]+]] = (int)((unsigned)[[ARG0]] % (unsigned)[[ARG1]]);
// CHECK-NEXT: const int [[V7:v[0-9]+]] = [[ARG0]] & [[ARG1]];
// CHECK-NEXT: const int [[V8:v[0-9]+]] = [[ARG0]] | [[ARG1]];
// CHECK-NEXT: const int [[V9:v[0-9]+]] = [[ARG0]] ^ [[ARG1]];
// CHECK-NEXT: const int [[V10:v[0-9]+]] = (int)((unsigned)[[ARG0]] << (unsigned)[[ARG1]]);
// CHECK-NEXT: const int [[V11:v[0-9]+]] = [[ARG0]] >> [[ARG1]];
// CHECK-NEXT: const int [[V12:v[0-9]+]] = (int)((unsigned)[[ARG0]] >> (unsigned)[[ARG1]]);
// CHECK-NEXT: const int [[V13:v[0-9]+]] = [[ARG0]] > [[ARG1]] ? [[ARG0]] : [[ARG1]];
// CHECK-NEXT: const int [[V14:v[0-9]+]] = [[ARG0]] < [[ARG1]] ? [[ARG0]] : [[ARG1]];
// CHECK-NEXT: const int [[V15:v[0-9]+]] = (unsigned)[[ARG0]] > (unsigned)[[ARG1]] ? [[ARG0]] : [[ARG1]];
// CHECK-NEXT: const int [[V16:v[0-9]+]] = (unsigned)[[ARG0]] < (unsigned)[[ARG1]] ? [[ARG0]] : [[ARG1]];
// CHECK-NEXT: const bool [[V17:v[0-9]+]] = [[ARG0]] < [[ARG1]];
// CHECK-NEXT: const bool [[V18:v[0-9]+]] = [[ARG0]] != [[ARG1]];
// CHECK-NEXT: const bool [[V19:v[0-9]+]] = [[V17]] & [[V18]];
// CHECK-NEXT: const bool [[V20:v[0-9]+]] = [[V17]] | [[V18]];
// CHECK-NEXT: const bool [[V21:v[0-9]+]] = [[V19]] ^ [[V20]];
// CHECK-NEXT: const int [[V22:v[0-9]+]] = (int)[[V21]];
// CHECK-NEXT: const int [[V23:v[0-9]+]] = [[V20]] ? -1 : 0;
// CHECK-NEXT: const bool [[V24:v[0-9]+]] = ([[ARG0]] & 1) != 0;
// CHECK-NEXT: const int [[V25:v[0-9]+]] = [[V24]] ? [[ARG0]] : [[ARG1]];
// CHECK-NEXT: const bool [[V26:v[0-9]+]] = [[V17]] == [[V18]];
// CHECK-NEXT: const int [[V27:v[0-9]+]] = (int)[[V26]];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][0] = [[V0]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][1] = [[V1]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][2] = [[V2]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][3] = [[V3]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][4] = [[V4]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][5] = [[V5]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][6] = [[V6]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][7] = [[V7]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][8] = [[V8]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][9] = [[V9]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][10] = [[V10]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][11] = [[V11]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][12] = [[V12]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][13] = [[V13]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][14] = [[V14]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][15] = [[V15]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][16] = [[V16]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][17] = [[V22]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][18] = [[V23]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][19] = [[V25]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][20] = [[V27]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @int_ops(%a: i32, %b: i32, %out: !tt.ptr<i32>) attributes {block_size = 1 : i32} {
  %addi = arith.addi %a, %b : i32
  %subi = arith.subi %a, %b : i32
  %muli = arith.muli %a, %b : i32
  %divsi = arith.divsi %a, %b : i32
  %remsi = arith.remsi %a, %b : i32
  %divui = arith.divui %a, %b : i32
  %remui = arith.remui %a, %b : i32
  %andi = arith.andi %a, %b : i32
  %ori = arith.ori %a, %b : i32
  %xori = arith.xori %a, %b : i32
  %shli = arith.shli %a, %b : i32
  %shrsi = arith.shrsi %a, %b : i32
  %shrui = arith.shrui %a, %b : i32
  %maxsi = arith.maxsi %a, %b : i32
  %minsi = arith.minsi %a, %b : i32
  %maxui = arith.maxui %a, %b : i32
  %minui = arith.minui %a, %b : i32
  %p = arith.cmpi slt, %a, %b : i32
  %q = arith.cmpi ne, %a, %b : i32
  %band = arith.andi %p, %q : i1
  %bor = arith.ori %p, %q : i1
  %bxor = arith.xori %band, %bor : i1
  %extui = arith.extui %bxor : i1 to i32
  %extsi = arith.extsi %bor : i1 to i32
  %trunci = arith.trunci %a : i32 to i1
  %tsel = arith.select %trunci, %a, %b : i32
  %ieq = arith.cmpi eq, %p, %q : i1
  %ieq_i = arith.extui %ieq : i1 to i32
  %k0 = arith.constant 0 : i32
  %o0 = tt.addptr %out, %k0 : !tt.ptr<i32>, i32
  tt.store %o0, %addi : !tt.ptr<i32>
  %k1 = arith.constant 1 : i32
  %o1 = tt.addptr %out, %k1 : !tt.ptr<i32>, i32
  tt.store %o1, %subi : !tt.ptr<i32>
  %k2 = arith.constant 2 : i32
  %o2 = tt.addptr %out, %k2 : !tt.ptr<i32>, i32
  tt.store %o2, %muli : !tt.ptr<i32>
  %k3 = arith.constant 3 : i32
  %o3 = tt.addptr %out, %k3 : !tt.ptr<i32>, i32
  tt.store %o3, %divsi : !tt.ptr<i32>
  %k4 = arith.constant 4 : i32
  %o4 = tt.addptr %out, %k4 : !tt.ptr<i32>, i32
  tt.store %o4, %remsi : !tt.ptr<i32>
  %k5 = arith.constant 5 : i32
  %o5 = tt.addptr %out, %k5 : !tt.ptr<i32>, i32
  tt.store %o5, %divui : !tt.ptr<i32>
  %k6 = arith.constant 6 : i32
  %o6 = tt.addptr %out, %k6 : !tt.ptr<i32>, i32
  tt.store %o6, %remui : !tt.ptr<i32>
  %k7 = arith.constant 7 : i32
  %o7 = tt.addptr %out, %k7 : !tt.ptr<i32>, i32
  tt.store %o7, %andi : !tt.ptr<i32>
  %k8 = arith.constant 8 : i32
  %o8 = tt.addptr %out, %k8 : !tt.ptr<i32>, i32
  tt.store %o8, %ori : !tt.ptr<i32>
  %k9 = arith.constant 9 : i32
  %o9 = tt.addptr %out, %k9 : !tt.ptr<i32>, i32
  tt.store %o9, %xori : !tt.ptr<i32>
  %k10 = arith.constant 10 : i32
  %o10 = tt.addptr %out, %k10 : !tt.ptr<i32>, i32
  tt.store %o10, %shli : !tt.ptr<i32>
  %k11 = arith.constant 11 : i32
  %o11 = tt.addptr %out, %k11 : !tt.ptr<i32>, i32
  tt.store %o11, %shrsi : !tt.ptr<i32>
  %k12 = arith.constant 12 : i32
  %o12 = tt.addptr %out, %k12 : !tt.ptr<i32>, i32
  tt.store %o12, %shrui : !tt.ptr<i32>
  %k13 = arith.constant 13 : i32
  %o13 = tt.addptr %out, %k13 : !tt.ptr<i32>, i32
  tt.store %o13, %maxsi : !tt.ptr<i32>
  %k14 = arith.constant 14 : i32
  %o14 = tt.addptr %out, %k14 : !tt.ptr<i32>, i32
  tt.store %o14, %minsi : !tt.ptr<i32>
  %k15 = arith.constant 15 : i32
  %o15 = tt.addptr %out, %k15 : !tt.ptr<i32>, i32
  tt.store %o15, %maxui : !tt.ptr<i32>
  %k16 = arith.constant 16 : i32
  %o16 = tt.addptr %out, %k16 : !tt.ptr<i32>, i32
  tt.store %o16, %minui : !tt.ptr<i32>
  %k17 = arith.constant 17 : i32
  %o17 = tt.addptr %out, %k17 : !tt.ptr<i32>, i32
  tt.store %o17, %extui : !tt.ptr<i32>
  %k18 = arith.constant 18 : i32
  %o18 = tt.addptr %out, %k18 : !tt.ptr<i32>, i32
  tt.store %o18, %extsi : !tt.ptr<i32>
  %k19 = arith.constant 19 : i32
  %o19 = tt.addptr %out, %k19 : !tt.ptr<i32>, i32
  tt.store %o19, %tsel : !tt.ptr<i32>
  %k20 = arith.constant 20 : i32
  %o20 = tt.addptr %out, %k20 : !tt.ptr<i32>, i32
  tt.store %o20, %ieq_i : !tt.ptr<i32>
  tt.return
}

// Casts: i1 is signed in arith (sitofp/extsi of true give -1); bitcasts
// reinterpret bits.
// CHECK: // Launch: blockDim (1, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(1) casts(
// CHECK-SAME: int [[ARG0:arg[0-9]+]], float [[ARG1:arg[0-9]+]], float* [[ARG2:arg[0-9]+]], int* [[ARG3:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const bool [[V0:v[0-9]+]] = [[ARG0]] < 1;
// CHECK-NEXT: const float [[V1:v[0-9]+]] = (float)[[ARG0]];
// CHECK-NEXT: const float [[V2:v[0-9]+]] = (float)(unsigned)[[ARG0]];
// CHECK-NEXT: const float [[V3:v[0-9]+]] = [[V0]] ? -1.0f : 0.0f;
// CHECK-NEXT: const float [[V4:v[0-9]+]] = [[V0]] ? 1.0f : 0.0f;
// CHECK-NEXT: const int [[V5:v[0-9]+]] = (int)[[ARG1]];
// CHECK-NEXT: const int [[V6:v[0-9]+]] = __float_as_int([[ARG1]]);
// CHECK-NEXT: const float [[V7:v[0-9]+]] = __int_as_float([[ARG0]]);
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][0] = [[V1]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][1] = [[V2]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][2] = [[V3]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]][3] = [[V4]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG3]][0] = [[V5]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG3]][1] = [[V6]];
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG2]]{{\[}}[[ARG0]]] = [[V7]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @casts(%a: i32, %x: f32, %fout: !tt.ptr<f32>, %iout: !tt.ptr<i32>) attributes {block_size = 1 : i32} {
  %c1 = arith.constant 1 : i32
  %b = arith.cmpi slt, %a, %c1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %sitofp = arith.sitofp %a : i32 to f32
  %uitofp = arith.uitofp %a : i32 to f32
  %bsitofp = arith.sitofp %b : i1 to f32
  %buitofp = arith.uitofp %b : i1 to f32
  %fptosi = arith.fptosi %x : f32 to i32
  %f2i = arith.bitcast %x : f32 to i32
  %i2f = arith.bitcast %a : i32 to f32
  tt.store %fout, %sitofp : !tt.ptr<f32>
  %f1 = tt.addptr %fout, %c1 : !tt.ptr<f32>, i32
  tt.store %f1, %uitofp : !tt.ptr<f32>
  %f2 = tt.addptr %fout, %c2 : !tt.ptr<f32>, i32
  tt.store %f2, %bsitofp : !tt.ptr<f32>
  %f3 = tt.addptr %fout, %c3 : !tt.ptr<f32>, i32
  tt.store %f3, %buitofp : !tt.ptr<f32>
  tt.store %iout, %fptosi : !tt.ptr<i32>
  %i1p = tt.addptr %iout, %c1 : !tt.ptr<i32>, i32
  tt.store %i1p, %f2i : !tt.ptr<i32>
  %i2p = tt.addptr %fout, %a : !tt.ptr<f32>, i32
  tt.store %i2p, %i2f : !tt.ptr<f32>
  tt.return
}

// propagate_nan=ALL (arith.maximumf/minimumf): NaN if either operand is NaN,
// -0 < +0, otherwise fmaxf/fminf; at E = 4 lanes per thread, per register.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(64) nan_propagating_max_min(
// CHECK: float [[A:v[0-9]+]]_0, [[A]]_1, [[A]]_2, [[A]]_3;
// CHECK: float [[B:v[0-9]+]]_0, [[B]]_1, [[B]]_2, [[B]]_3;
// CHECK: const float [[MAX:v[0-9]+]]_0 = (isnan([[A]]_0) || isnan([[B]]_0)) ? __int_as_float(0x7fffffff) : ([[A]]_0 == [[B]]_0 ? (signbit([[A]]_0) ? [[B]]_0 : [[A]]_0) : fmaxf([[A]]_0, [[B]]_0));
// CHECK: const float [[MAX]]_3 = (isnan([[A]]_3) || isnan([[B]]_3)) ? __int_as_float(0x7fffffff) : ([[A]]_3 == [[B]]_3 ? (signbit([[A]]_3) ? [[B]]_3 : [[A]]_3) : fmaxf([[A]]_3, [[B]]_3));
// CHECK: const float [[MIN:v[0-9]+]]_0 = (isnan([[A]]_0) || isnan([[B]]_0)) ? __int_as_float(0x7fffffff) : ([[A]]_0 == [[B]]_0 ? (signbit([[A]]_0) ? [[A]]_0 : [[B]]_0) : fminf([[A]]_0, [[B]]_0));
tt.func @nan_propagating_max_min(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) attributes {block_size = 256 : i32, num_warps = 2 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %px = tt.addptr %xs, %lanes : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %py = tt.addptr %ys, %lanes : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %a = tt.load %px : tensor<256x!tt.ptr<f32>>
  %b = tt.load %py : tensor<256x!tt.ptr<f32>>
  %max = arith.maximumf %a, %b : tensor<256xf32>
  %min = arith.minimumf %a, %b : tensor<256xf32>
  tt.store %px, %max : tensor<256x!tt.ptr<f32>>
  tt.store %py, %min : tensor<256x!tt.ptr<f32>>
  tt.return
}
