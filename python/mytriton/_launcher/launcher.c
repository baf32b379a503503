/* The compiled launcher: packs a launch's arguments and calls mtr_launch in
 * C, where runtime.py's ctypes path spends most of a launch's host time
 * building ctypes objects. Built for the running interpreter at first use
 * (see __init__.py); mtr_launch's address comes from libMyTritonRuntime.so
 * through init(), so this module links nothing but Python. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stddef.h>
#include <stdint.h>

typedef int (*mtr_launch_fn)(void *fn, const unsigned grid[3],
                             const unsigned block[3], unsigned shared_bytes,
                             void *stream, void **args, size_t num_args);

typedef int (*mtr_query_fn)(uint64_t device_ptr, int *ordinal);
typedef int (*mtr_current_fn)(int *ordinal);

static mtr_launch_fn mtr_launch;
static mtr_query_fn mtr_pointer_device;
static mtr_current_fn mtr_current_device;
static PyObject *value_name; /* "value", the attribute of jit._Arg */

/* One slot per argument: cuLaunchKernel reads each through a pointer. */
typedef union Slot {
  uint64_t u64;
  int32_t i32;
  float f32;
} Slot;

enum { MAX_ARGS = 512 };

static void *address_of(PyObject *object, const char *what) {
  void *pointer = PyLong_AsVoidPtr(object);
  if (!pointer && !PyErr_Occurred())
    PyErr_Format(PyExc_ValueError, "%s is null", what);
  return pointer;
}

/* init(mtr_launch, mtr_pointer_device, mtr_current_device): the runtime's
 * entry points, by address. */
static PyObject *init(PyObject *self, PyObject *const *args,
                      Py_ssize_t nargs) {
  (void)self;
  if (nargs != 3) {
    PyErr_SetString(PyExc_TypeError, "init() takes 3 addresses");
    return NULL;
  }
  void *launch = address_of(args[0], "mtr_launch");
  void *pointer = launch ? address_of(args[1], "mtr_pointer_device") : NULL;
  void *current = pointer ? address_of(args[2], "mtr_current_device") : NULL;
  if (!current)
    return NULL;
  mtr_launch = (mtr_launch_fn)launch;
  mtr_pointer_device = (mtr_query_fn)pointer;
  mtr_current_device = (mtr_current_fn)current;
  Py_RETURN_NONE;
}

/* pointer_device(address) -> the ordinal of the device holding it, or None
 * when the driver does not know the memory. */
static PyObject *pointer_device(PyObject *self, PyObject *address) {
  (void)self;
  unsigned long long value = PyLong_AsUnsignedLongLong(address);
  if (value == (unsigned long long)-1 && PyErr_Occurred())
    return NULL;
  int ordinal = -1;
  if (!mtr_pointer_device || mtr_pointer_device(value, &ordinal) ||
      ordinal < 0)
    Py_RETURN_NONE;
  return PyLong_FromLong(ordinal);
}

/* current_device() -> the ordinal of the thread's current context's device,
 * or None. */
static PyObject *current_device(PyObject *self, PyObject *unused) {
  (void)self;
  (void)unused;
  int ordinal = -1;
  if (!mtr_current_device || mtr_current_device(&ordinal) || ordinal < 0)
    Py_RETURN_NONE;
  return PyLong_FromLong(ordinal);
}

static int unsigned_arg(PyObject *object, const char *what, unsigned *out) {
  unsigned long value = PyLong_AsUnsignedLong(object);
  if (value == (unsigned long)-1 && PyErr_Occurred())
    return -1;
  if (value > 0xffffffffUL) {
    PyErr_Format(PyExc_OverflowError, "%s %lu does not fit in 32 bits", what,
                 value);
    return -1;
  }
  *out = (unsigned)value;
  return 0;
}

/* Packs one argument by its signature code: 'p' a pointer (an int address),
 * 'i' an int32, 'f' a float32. */
static int pack(char code, PyObject *value, Py_ssize_t index, Slot *slot) {
  switch (code) {
  case 'p':
    slot->u64 = PyLong_AsUnsignedLongLong(value);
    break;
  case 'i': {
    long v = PyLong_AsLong(value);
    if (!(v == -1 && PyErr_Occurred()) && (v < INT32_MIN || v > INT32_MAX)) {
      PyErr_Format(PyExc_OverflowError,
                   "argument %zd: %ld does not fit in int32", index, v);
      return -1;
    }
    slot->i32 = (int32_t)v;
    break;
  }
  case 'f':
    slot->f32 = (float)PyFloat_AsDouble(value);
    break;
  default:
    PyErr_Format(PyExc_ValueError, "argument %zd: unknown signature code '%c'",
                 index, code);
    return -1;
  }
  return PyErr_Occurred() ? -1 : 0;
}

/* launch(fn, grid_x, grid_y, grid_z, block_x, block_y, shared, stream,
 *        signature, args, g0, g1) -> mtr_launch's status
 * fn and stream are addresses; signature holds one code per entry of args
 * (jit._Arg objects, whose .value is packed); g0 and g1 are appended as
 * int32 (the launch ABI). A nonzero status leaves mtr_last_error() set on
 * this thread. */
static PyObject *launch(PyObject *self, PyObject *const *args,
                        Py_ssize_t nargs) {
  (void)self;
  if (nargs != 12) {
    PyErr_Format(PyExc_TypeError, "launch() takes 12 arguments (%zd given)",
                 nargs);
    return NULL;
  }
  if (!mtr_launch) {
    PyErr_SetString(PyExc_RuntimeError, "launcher not initialized");
    return NULL;
  }
  void *fn = PyLong_AsVoidPtr(args[0]);
  if (!fn && PyErr_Occurred())
    return NULL;
  unsigned grid[3], block[3] = {1, 1, 1}, shared;
  if (unsigned_arg(args[1], "grid x", &grid[0]) ||
      unsigned_arg(args[2], "grid y", &grid[1]) ||
      unsigned_arg(args[3], "grid z", &grid[2]) ||
      unsigned_arg(args[4], "block x", &block[0]) ||
      unsigned_arg(args[5], "block y", &block[1]) ||
      unsigned_arg(args[6], "shared bytes", &shared))
    return NULL;
  void *stream = args[7] == Py_None ? NULL : PyLong_AsVoidPtr(args[7]);
  if (!stream && PyErr_Occurred())
    return NULL;
  if (!PyBytes_Check(args[8]) || !PyList_Check(args[9])) {
    PyErr_SetString(PyExc_TypeError,
                    "launch(): signature must be bytes and args a list");
    return NULL;
  }
  const char *signature = PyBytes_AS_STRING(args[8]);
  Py_ssize_t count = PyBytes_GET_SIZE(args[8]);
  if (PyList_GET_SIZE(args[9]) != count) {
    PyErr_Format(PyExc_ValueError,
                 "launch(): %zd arguments for a signature of %zd",
                 PyList_GET_SIZE(args[9]), count);
    return NULL;
  }
  if (count + 2 > MAX_ARGS) {
    PyErr_Format(PyExc_ValueError, "launch(): at most %d arguments",
                 MAX_ARGS - 2);
    return NULL;
  }
  Slot slots[MAX_ARGS];
  void *pointers[MAX_ARGS];
  for (Py_ssize_t i = 0; i < count; ++i) {
    PyObject *value = PyObject_GetAttr(PyList_GET_ITEM(args[9], i), value_name);
    if (!value)
      return NULL;
    int failed = pack(signature[i], value, i, &slots[i]);
    Py_DECREF(value);
    if (failed)
      return NULL;
    pointers[i] = &slots[i];
  }
  for (int k = 0; k < 2; ++k) {
    if (pack('i', args[10 + k], count + k, &slots[count + k]))
      return NULL;
    pointers[count + k] = &slots[count + k];
  }
  int status;
  Py_BEGIN_ALLOW_THREADS;
  status = mtr_launch(fn, grid, block, shared, stream, pointers,
                      (size_t)count + 2);
  Py_END_ALLOW_THREADS;
  return PyLong_FromLong(status);
}

/* -- argument classification for jit._classify ------------------------- */

static PyObject *arg_type;     /* jit._Arg */
static PyObject *type_i32, *type_f32, *device_gpu;
static PyObject *torch_dtypes; /* {torch.float32: "ptr<f32>", ...} */
static PyObject *torch_tensor_type; /* the last type seen to be torch's */
static PyObject *name_is_cuda, *name_dtype, *name_is_contiguous,
    *name_data_ptr, *name_get_device, *name_module, *name_numel;

/* set_classify(_Arg, "i32", "f32", "gpu", torch dtype map) */
static PyObject *set_classify(PyObject *self, PyObject *const *args,
                              Py_ssize_t nargs) {
  (void)self;
  if (nargs != 5 || !PyType_Check(args[0]) || !PyDict_Check(args[4])) {
    PyErr_SetString(PyExc_TypeError,
                    "set_classify(arg_type, i32, f32, gpu, dtypes: dict)");
    return NULL;
  }
  PyObject **slots[] = {&arg_type, &type_i32, &type_f32, &device_gpu,
                        &torch_dtypes};
  for (int i = 0; i < 5; ++i) {
    Py_INCREF(args[i]);
    Py_XSETREF(*slots[i], args[i]);
  }
  Py_RETURN_NONE;
}

/* Whether `object`'s type is defined in the module "torch" (torch.Tensor),
 * as jit._torch_cuda_arg checks. */
static int is_torch_tensor(PyObject *object) {
  PyObject *type = (PyObject *)Py_TYPE(object);
  if (type == torch_tensor_type)
    return 1;
  PyObject *module = PyObject_GetAttr(type, name_module);
  if (!module) {
    PyErr_Clear();
    return 0;
  }
  int match = PyUnicode_Check(module) &&
              PyUnicode_CompareWithASCIIString(module, "torch") == 0;
  Py_DECREF(module);
  if (match) {
    Py_INCREF(type);
    Py_XSETREF(torch_tensor_type, type);
  }
  return match;
}

static PyObject *name_type, *name_device, *name_obj;

/* A jit._Arg(type, device, value, obj): allocated and its slots set here,
 * which skips the Python __init__ (most of the cost of making one). */
static PyObject *make_arg(PyObject *type, PyObject *device, PyObject *value,
                          PyObject *object) {
  PyTypeObject *cls = (PyTypeObject *)arg_type;
  PyObject *arg = cls->tp_alloc(cls, 0);
  if (!arg)
    return NULL;
  if (PyObject_SetAttr(arg, name_type, type) ||
      PyObject_SetAttr(arg, name_device, device) ||
      PyObject_SetAttr(arg, value_name, value) ||
      PyObject_SetAttr(arg, name_obj, object)) {
    Py_DECREF(arg);
    return NULL;
  }
  return arg;
}

/* A torch CUDA tensor as jit._torch_cuda_arg takes it, else NULL without
 * an error set (the caller falls back to Python). */
static PyObject *torch_arg(PyObject *tensor) {
  PyObject *cuda = PyObject_GetAttr(tensor, name_is_cuda);
  if (!cuda)
    return NULL;
  int on_gpu = PyObject_IsTrue(cuda);
  Py_DECREF(cuda);
  if (on_gpu != 1)
    return NULL;
  PyObject *dtype = PyObject_GetAttr(tensor, name_dtype);
  if (!dtype)
    return NULL;
  PyObject *type = PyDict_GetItemWithError(torch_dtypes, dtype); /* borrowed */
  Py_DECREF(dtype);
  if (!type)
    return NULL;
  PyObject *contiguous = PyObject_CallMethodNoArgs(tensor, name_is_contiguous);
  if (!contiguous)
    return NULL;
  int is_contiguous = PyObject_IsTrue(contiguous);
  Py_DECREF(contiguous);
  if (is_contiguous != 1)
    return NULL;
  /* int32 element offsets address at most INT32_MAX elements: a larger
   * tensor goes to Python, which refuses it naming the argument. */
  PyObject *numel = PyObject_CallMethodNoArgs(tensor, name_numel);
  if (!numel) {
    PyErr_Clear(); /* not torch's Tensor after all: Python decides */
    return NULL;
  }
  long long elements = PyLong_AsLongLong(numel);
  Py_DECREF(numel);
  if (elements == -1 && PyErr_Occurred())
    return NULL;
  if (elements > INT32_MAX)
    return NULL;
  PyObject *pointer = PyObject_CallMethodNoArgs(tensor, name_data_ptr);
  if (!pointer)
    return NULL;
  PyObject *arg = make_arg(type, device_gpu, pointer, tensor);
  Py_DECREF(pointer);
  return arg;
}

/* classify(values) -> [jit._Arg] for exact ints in int32, exact floats and
 * contiguous float32/int32 torch CUDA tensors, as jit._classify_one makes
 * them; None when any value is of another kind (Python classifies those,
 * and reports the errors). */
static PyObject *classify(PyObject *self, PyObject *values) {
  (void)self;
  if (!arg_type || !PyList_Check(values)) {
    PyErr_SetString(PyExc_TypeError, "classify(list) before set_classify");
    return NULL;
  }
  Py_ssize_t count = PyList_GET_SIZE(values);
  PyObject *out = PyList_New(count);
  if (!out)
    return NULL;
  for (Py_ssize_t i = 0; i < count; ++i) {
    PyObject *value = PyList_GET_ITEM(values, i), *arg = NULL;
    if (PyLong_CheckExact(value)) {
      int overflow = 0;
      long long v = PyLong_AsLongLongAndOverflow(value, &overflow);
      if (!overflow && v >= INT32_MIN && v <= INT32_MAX)
        arg = make_arg(type_i32, Py_None, value, value);
    } else if (PyFloat_CheckExact(value)) {
      arg = make_arg(type_f32, Py_None, value, value);
    } else if (is_torch_tensor(value)) {
      arg = torch_arg(value);
    }
    if (!arg) {
      Py_DECREF(out);
      if (PyErr_Occurred())
        return NULL;
      Py_RETURN_NONE;
    }
    PyList_SET_ITEM(out, i, arg);
  }
  return out;
}

/* torch_device(args) -> the device of the torch tensors among jit._Args
 * (-1 when there are none, -2 when they are on different devices); None
 * when another kind of GPU array is among them (runtime.target asks). */
static PyObject *torch_device(PyObject *self, PyObject *args) {
  (void)self;
  if (!PyList_Check(args)) {
    PyErr_SetString(PyExc_TypeError, "torch_device(list)");
    return NULL;
  }
  long first = -1;
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(args); ++i) {
    PyObject *arg = PyList_GET_ITEM(args, i);
    PyObject *object = PyObject_GetAttrString(arg, "obj");
    if (!object)
      return NULL;
    if (!is_torch_tensor(object)) {
      int scalar = PyLong_CheckExact(object) || PyFloat_CheckExact(object);
      Py_DECREF(object);
      if (scalar)
        continue;
      Py_RETURN_NONE;
    }
    PyObject *device = PyObject_CallMethodNoArgs(object, name_get_device);
    Py_DECREF(object);
    if (!device)
      return NULL;
    long ordinal = PyLong_AsLong(device);
    Py_DECREF(device);
    if (ordinal == -1 && PyErr_Occurred())
      return NULL;
    if (ordinal < 0)
      continue;
    if (first < 0)
      first = ordinal;
    else if (ordinal != first)
      return PyLong_FromLong(-2);
  }
  return PyLong_FromLong(first);
}

static PyMethodDef methods[] = {
    {"set_classify", (PyCFunction)(void (*)(void))set_classify, METH_FASTCALL,
     "set_classify(arg_type, i32, f32, gpu, torch_dtypes)"},
    {"classify", classify, METH_O, "classify(values) -> [_Arg] or None"},
    {"torch_device", torch_device, METH_O,
     "torch_device(args) -> ordinal, -1, -2 or None"},
    {"init", (PyCFunction)(void (*)(void))init, METH_FASTCALL,
     "init(mtr_launch, mtr_pointer_device, mtr_current_device addresses)"},
    {"pointer_device", pointer_device, METH_O,
     "pointer_device(address) -> device ordinal or None"},
    {"current_device", current_device, METH_NOARGS,
     "current_device() -> device ordinal or None"},
    {"launch", (PyCFunction)(void (*)(void))launch, METH_FASTCALL,
     "launch(fn, gx, gy, gz, bx, by, shared, stream, signature, args, g0, g1)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_mytriton_launcher",
    "MyTriton's compiled kernel launcher", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__mytriton_launcher(void) {
  PyObject **names[] = {&value_name,    &name_is_cuda,    &name_dtype,
                        &name_is_contiguous, &name_data_ptr, &name_get_device,
                        &name_module,   &name_type,       &name_device,
                        &name_obj,      &name_numel};
  const char *texts[] = {"value",      "is_cuda",  "dtype",  "is_contiguous",
                         "data_ptr",   "get_device", "__module__", "type",
                         "device",     "obj",      "numel"};
  for (int i = 0; i < 11; ++i)
    if (!(*names[i] = PyUnicode_InternFromString(texts[i])))
      return NULL;
  return PyModule_Create(&module);
}
