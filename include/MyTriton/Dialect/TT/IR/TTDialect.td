//===- TTDialect.td - The tt dialect -----------------------*- tablegen -*-===//
//
// The tt dialect is MyTriton's kernel IR: the typed SSA that Python kernels
// are traced into, verified, optimized and lowered from.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_DIALECT_TT_IR_TTDIALECT_TD
#define MYTRITON_DIALECT_TT_IR_TTDIALECT_TD

include "mlir/IR/OpBase.td"

def TT_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::mlir::mytriton::tt";
  let summary = "MyTriton's block-level GPU kernel dialect";
  let description = [{
    A `tt.func` kernel runs as one CUDA block per program instance. A 1-D
    tensor of N elements is distributed one element per thread, so N is the
    kernel's block size (`block_size`); a scalar is uniform across the block.
    Tensors are builtin ranked tensors (`tensor<256xf32>`,
    `tensor<256x!tt.ptr<f32>>`); elementwise math uses `arith` and `math`.
    Reductions (`tt.reduce`) are the only ops where the lanes of a block
    cooperate: they turn a tensor into a scalar.

    Kernel arguments may carry `tt.divisibility = D : i32` (D a power of
    two), Triton's specialization hint: a pointer argument's address is a
    multiple of D bytes, an `i32` argument's value a multiple of D. The
    Python launcher adds D = 16 where the launch's values allow it and
    compiles each combination once. The GPU backends use it to prove vector
    accesses aligned and masks such as `offsets < n` uniform over groups of
    lanes, dropping run-time checks.
  }];
  let extraClassDeclaration = [{
    /// Argument attribute: a known power-of-two divisor of the argument.
    static constexpr ::llvm::StringLiteral getDivisibilityAttrName() {
      return ::llvm::StringLiteral("tt.divisibility");
    }
    /// Adds the layout encodings and their asm aliases (Layouts.cpp).
    void registerLayoutAttributes();
  }];
  let hasRegionArgAttrVerify = 1;
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  // Kernels hold scf loops and branches (docs/IR.md#control-flow): every
  // context that loads tt can parse them, and passes may create them.
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

class TT_Op<string mnemonic, list<Trait> traits = []>
    : Op<TT_Dialect, mnemonic, traits>;

// The op must be inside a tt.func (tt::verifyInKernel).
def TT_InKernel : NativeOpTrait<"InKernel"> {
  let cppNamespace = "::mlir::mytriton::tt";
}

// An op of a kernel's body: every tt op but tt.func.
class TT_KernelOp<string mnemonic, list<Trait> traits = []>
    : TT_Op<mnemonic, !listconcat([TT_InKernel], traits)>;

#endif // MYTRITON_DIALECT_TT_IR_TTDIALECT_TD
