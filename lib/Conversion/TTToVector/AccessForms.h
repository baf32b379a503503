//===- AccessForms.h - how a tiled kernel's accesses run (private) -*- C++ -*-//

#ifndef MYTRITON_LIB_CONVERSION_TTTOVECTOR_ACCESSFORMS_H
#define MYTRITON_LIB_CONVERSION_TTTOVECTOR_ACCESSFORMS_H

namespace mlir::mytriton {
namespace tt {
class FuncOp;
} // namespace tt

/// Marks each tensor tt.load/tt.store of the tiled `kernel` with
/// kCPUAccessFormAttrName: kCPUAccessRows when its offsets are unit-stride
/// along the last dimension (or that dimension has extent 1), else
/// kCPUAccessLanes.
void markTiledAccessForms(tt::FuncOp kernel);

} // namespace mlir::mytriton

#endif // MYTRITON_LIB_CONVERSION_TTTOVECTOR_ACCESSFORMS_H
