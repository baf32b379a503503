// Softmax at BLOCK = 1024, 8 lanes per thread, specialized as the Python
// launcher does (tt.divisibility = 16 on x, out and n_cols): the contiguity
// analysis proves every 4-lane chunk 16-byte aligned and `cols < n_cols` the
// same over it, so each chunk is one predicated vector access (Triton's
// `@p ld.global.v4.b32`, no branch) on its first lane's mask bit, with no
// run-time alignment test and no scalar fallback. With
// n_cols alone specialized, the mask is still one bit per chunk but the
// alignment test and the lane-by-lane fallback stay.
// RUN: sed -e s/NUM_WARPS/4/ \
// RUN:     -e 's/%x: !tt.ptr<f32>,/%x: !tt.ptr<f32> {tt.divisibility = 16 : i32},/' \
// RUN:     -e 's/%out: !tt.ptr<f32>,/%out: !tt.ptr<f32> {tt.divisibility = 16 : i32},/' \
// RUN:     -e 's/%n_cols: i32)/%n_cols: i32 {tt.divisibility = 16 : i32})/' \
// RUN:     %S/../Inputs/num_warps/softmax.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu \
// RUN:   | FileCheck %s --implicit-check-not=llvm.ptrtoint --implicit-check-not='alignment = 4 '
// RUN: sed -e s/NUM_WARPS/4/ \
// RUN:     -e 's/%n_cols: i32)/%n_cols: i32 {tt.divisibility = 16 : i32})/' \
// RUN:     %S/../Inputs/num_warps/softmax.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefix=MASK-ONLY

// CHECK-LABEL: gpu.func @softmax_kernel(
// CHECK:         %[[NINF:.*]] = arith.constant dense<0xFF800000> : vector<8xf32>
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK:         %[[PTRS:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (vector<8x!llvm.ptr<1>>, vector<8xi32>) -> vector<8x!llvm.ptr<1>>, f32
// CHECK-NEXT:    %[[P0:.*]] = vector.extract %[[PTRS]][0] : !llvm.ptr<1> from vector<8x!llvm.ptr<1>>
// CHECK-NEXT:    %[[M0:.*]] = vector.extract %[[MASK]][0] : i1 from vector<8xi1>
// CHECK-NEXT:    %[[OFF:.*]] = vector.shuffle %[[NINF]], %[[NINF]] [0, 1, 2, 3] : vector<8xf32>, vector<8xf32>
// CHECK:         llvm.inline_asm has_side_effects {{.*}}"mov.b32 $0, $6;{{.*}}@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l,b,r,r,r,r" %[[P0]], %[[M0]],
// Chunk 4 is 512 lanes further (128 threads x 4): an immediate offset.
// CHECK:         %[[B4:.*]] = vector.extract %[[PTRS]][0] : !llvm.ptr<1> from vector<8x!llvm.ptr<1>>
// CHECK-NEXT:    %[[P4:.*]] = llvm.getelementptr inbounds %[[B4]][512] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
// CHECK-NEXT:    %[[M4:.*]] = vector.extract %[[MASK]][4] : i1 from vector<8xi1>
// CHECK:         llvm.inline_asm has_side_effects {{.*}}@$5 ld.global.v4.b32 {{.*}} %[[P4]], %[[M4]],
// The stores: all four lanes of a chunk or none, one predicated store each.
// CHECK:         %[[Q0:.*]] = vector.extract %{{.*}}[0] : !llvm.ptr<1> from vector<8x!llvm.ptr<1>>
// CHECK-NEXT:    %[[S0:.*]] = vector.extract %[[MASK]][0] : i1 from vector<8xi1>
// CHECK-NEXT:    %[[W0:.*]] = vector.shuffle %{{.*}} [0, 1, 2, 3] : vector<8xf32>, vector<8xf32>
// CHECK:         llvm.inline_asm has_side_effects {{.*}}"@$0 st.global.v4.b32 [$1], {$2, $3, $4, $5};", "b,l,r,r,r,r" %[[S0]], %[[Q0]],
// CHECK:         %[[C4:.*]] = vector.extract %{{.*}}[0] : !llvm.ptr<1> from vector<8x!llvm.ptr<1>>
// CHECK-NEXT:    %[[Q4:.*]] = llvm.getelementptr inbounds %[[C4]][512] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
// CHECK-NEXT:    %[[S4:.*]] = vector.extract %[[MASK]][4] : i1 from vector<8xi1>
// CHECK-NEXT:    %[[W4:.*]] = vector.shuffle %{{.*}} [4, 5, 6, 7] : vector<8xf32>, vector<8xf32>
// CHECK:         llvm.inline_asm has_side_effects {{.*}}st.global.v4.b32 {{.*}} %[[S4]], %[[Q4]],
// CHECK-NOT:     scf.if
// CHECK:         gpu.return

// MASK-ONLY-LABEL: gpu.func @softmax_kernel(
// MASK-ONLY:         %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<8xi32>
// MASK-ONLY:         %[[P0:.*]] = vector.extract %{{.*}}[0] : !llvm.ptr<1> from vector<8x!llvm.ptr<1>>
// MASK-ONLY-NEXT:    %[[ADDR:.*]] = llvm.ptrtoint %[[P0]] : !llvm.ptr<1> to i64
// MASK-ONLY:         %[[ALIGNED:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i64
// MASK-ONLY-NEXT:    %[[M0:.*]] = vector.extract %[[MASK]][0] : i1 from vector<8xi1>
// MASK-ONLY-NEXT:    %[[FAST:.*]] = arith.andi %[[ALIGNED]], %[[M0]] : i1
// MASK-ONLY-NEXT:    scf.if %[[FAST]] -> (vector<4xf32>) {
// MASK-ONLY-NEXT:      llvm.load %[[P0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// MASK-ONLY:         } else {
// MASK-ONLY-COUNT-4:   llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
