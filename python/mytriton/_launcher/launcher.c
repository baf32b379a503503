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

/* One slot per argument: cuLaunchKernel reads each through a pointer, as
 * many bytes as the parameter has (4 for i32/f32, 8 for pointers and
 * i64/u64/f64), and lays the parameters out itself. */
typedef union Slot {
  uint64_t u64;
  int64_t i64;
  int32_t i32;
  float f32;
  double f64;
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

/* Packs one argument by its signature code (jit._SIGNATURE_CODES): 'p' a
 * pointer (an int address), 'i' an int32 (a bool is one), 'l' an int64,
 * 'u' a uint64, 'f' a float32, 'd' a float64. */
static int pack(char code, PyObject *value, Py_ssize_t index, Slot *slot) {
  slot->u64 = 0;
  switch (code) {
  case 'p':
  case 'u':
    slot->u64 = PyLong_AsUnsignedLongLong(value);
    break;
  case 'l':
    slot->i64 = PyLong_AsLongLong(value);
    break;
  case 'd':
    slot->f64 = PyFloat_AsDouble(value);
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

/* pack_slots(signature, values) -> bytes: the 8-byte launch slots of
 * `values` (ints and floats) packed by the codes of `signature`, as launch()
 * packs them; for tests of the packing. */
static PyObject *pack_slots(PyObject *self, PyObject *const *args,
                            Py_ssize_t nargs) {
  (void)self;
  if (nargs != 2 || !PyBytes_Check(args[0]) || !PyList_Check(args[1]) ||
      PyBytes_GET_SIZE(args[0]) != PyList_GET_SIZE(args[1])) {
    PyErr_SetString(PyExc_TypeError,
                    "pack_slots(signature: bytes, values: list of as many)");
    return NULL;
  }
  Py_ssize_t count = PyList_GET_SIZE(args[1]);
  PyObject *packed = PyBytes_FromStringAndSize(NULL, count * sizeof(Slot));
  if (!packed)
    return NULL;
  Slot *slots = (Slot *)PyBytes_AS_STRING(packed);
  for (Py_ssize_t i = 0; i < count; ++i) {
    if (pack(PyBytes_AS_STRING(args[0])[i], PyList_GET_ITEM(args[1], i), i,
             &slots[i])) {
      Py_DECREF(packed);
      return NULL;
    }
  }
  return packed;
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
/* {torch.float16: ("*fp16", "c"), ...}: runtime.torch_dtype_codes */
static PyObject *torch_dtypes;
static PyObject *torch_tensor_type; /* the last type seen to be torch's */
static PyObject *name_is_cuda, *name_dtype, *name_is_contiguous,
    *name_data_ptr, *name_get_device, *name_module;

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

/* The signature string and fast-path key letter (borrowed) and data pointer
 * (new) of a torch CUDA tensor as jit._torch_arg takes it; 0 without an
 * error set when it is not one (the caller falls back to Python), -1 with
 * an error. */
static int torch_facts(PyObject *tensor, PyObject **type, char *code,
                       PyObject **pointer) {
  PyObject *cuda = PyObject_GetAttr(tensor, name_is_cuda);
  if (!cuda)
    return -1;
  int on_gpu = PyObject_IsTrue(cuda);
  Py_DECREF(cuda);
  if (on_gpu != 1)
    return on_gpu;
  PyObject *dtype = PyObject_GetAttr(tensor, name_dtype);
  if (!dtype)
    return -1;
  PyObject *facts = PyDict_GetItemWithError(torch_dtypes, dtype); /* borrowed */
  Py_DECREF(dtype);
  if (!facts)
    return PyErr_Occurred() ? -1 : 0;
  PyObject *letter = PyTuple_Check(facts) && PyTuple_GET_SIZE(facts) == 2
                         ? PyTuple_GET_ITEM(facts, 1)
                         : NULL;
  if (!letter || !PyUnicode_Check(letter) ||
      PyUnicode_GET_LENGTH(letter) != 1) {
    PyErr_SetString(PyExc_TypeError,
                    "set_classify: dtypes maps to (type, one letter)");
    return -1;
  }
  *type = PyTuple_GET_ITEM(facts, 0);
  *code = (char)PyUnicode_READ_CHAR(letter, 0);
  PyObject *contiguous = PyObject_CallMethodNoArgs(tensor, name_is_contiguous);
  if (!contiguous)
    return -1;
  int is_contiguous = PyObject_IsTrue(contiguous);
  Py_DECREF(contiguous);
  if (is_contiguous != 1)
    return is_contiguous;
  *pointer = PyObject_CallMethodNoArgs(tensor, name_data_ptr);
  return *pointer ? 1 : -1;
}

/* A torch CUDA tensor as jit._torch_cuda_arg takes it, else NULL without
 * an error set (the caller falls back to Python). */
static PyObject *torch_arg(PyObject *tensor) {
  PyObject *type = NULL, *pointer = NULL;
  char code;
  if (torch_facts(tensor, &type, &code, &pointer) != 1)
    return NULL;
  PyObject *arg = make_arg(type, device_gpu, pointer, tensor);
  Py_DECREF(pointer);
  return arg;
}

/* classify(values) -> [jit._Arg] for exact ints in int32, exact floats and
 * contiguous torch CUDA tensors of the dtypes set_classify was given, as
 * jit._classify_one makes
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

/* -- the per-kernel fast path (jit.JITFunction._fast) ------------------- */

/* specialize(values, unspecialized) -> (key, packed), or None when a value
 * is not an exact int of 64 bits (int64, or uint64 from 2**63), an exact
 * float or a contiguous torch CUDA tensor of a dtype set_classify was
 * given, when no tensor names a device, or when the tensors are on
 * different devices (Python decides those, and reports the errors).
 * key: one code per value, as jit's signature and divisibility() see it
 * ('i'/'I' an int32, 'l'/'L' an int64, 'u'/'U' a uint64, 'f' a float32, a
 * tensor its dtype's letter (runtime.TENSOR_KEY_CODES); the capital when
 * divisible by 16 and not in
 * `unspecialized`, bytes with a nonzero byte per value that do_not_specialize
 * names, or None), then '@' and the tensors' device ordinal.
 * packed: the arguments' 8-byte launch slots, for launch_entry. */
static PyObject *specialize(PyObject *self, PyObject *const *args,
                            Py_ssize_t nargs) {
  (void)self;
  if (nargs != 2 || !PyTuple_Check(args[0]) ||
      (args[1] != Py_None && !PyBytes_Check(args[1]))) {
    PyErr_SetString(PyExc_TypeError,
                    "specialize(values: tuple, unspecialized: bytes|None)");
    return NULL;
  }
  if (!torch_dtypes)
    Py_RETURN_NONE;
  PyObject *values = args[0];
  Py_ssize_t count = PyTuple_GET_SIZE(values);
  if (count + 2 > MAX_ARGS)
    Py_RETURN_NONE;
  const char *mask = args[1] == Py_None ? NULL : PyBytes_AS_STRING(args[1]);
  if (mask && PyBytes_GET_SIZE(args[1]) != count) {
    PyErr_SetString(PyExc_ValueError, "specialize(): one mask byte a value");
    return NULL;
  }
  char key[MAX_ARGS + 16];
  PyObject *packed = PyBytes_FromStringAndSize(NULL, count * sizeof(Slot));
  if (!packed)
    return NULL;
  Slot *slots = (Slot *)PyBytes_AS_STRING(packed);
  long device = -1;
  for (Py_ssize_t i = 0; i < count; ++i) {
    PyObject *value = PyTuple_GET_ITEM(values, i);
    int divisible = 0, one = 0;
    slots[i].u64 = 0;
    if (PyLong_CheckExact(value)) {
      /* By value, as jit._int_arg: int32, else int64, else uint64. */
      int overflow = 0;
      long long v = PyLong_AsLongLongAndOverflow(value, &overflow);
      if (!overflow && v >= INT32_MIN && v <= INT32_MAX) {
        slots[i].i32 = (int32_t)v;
        divisible = v % 16 == 0;
        one = v == 1; /* jit's EQUAL_TO_ONE: traced as the constant 1 */
        key[i] = 'i';
      } else if (!overflow) {
        slots[i].i64 = v;
        divisible = v % 16 == 0;
        key[i] = 'l';
      } else if (overflow > 0) {
        unsigned long long u = PyLong_AsUnsignedLongLong(value);
        if (u == (unsigned long long)-1 && PyErr_Occurred())
          goto slow; /* beyond 64 bits: Python says so */
        slots[i].u64 = u;
        divisible = u % 16 == 0;
        key[i] = 'u';
      } else {
        goto slow;
      }
    } else if (PyFloat_CheckExact(value)) {
      slots[i].f32 = (float)PyFloat_AS_DOUBLE(value);
      key[i] = 'f';
    } else if (is_torch_tensor(value)) {
      PyObject *type = NULL, *pointer = NULL;
      char code;
      if (torch_facts(value, &type, &code, &pointer) != 1)
        goto slow;
      slots[i].u64 = PyLong_AsUnsignedLongLong(pointer);
      Py_DECREF(pointer);
      if (PyErr_Occurred())
        goto slow;
      divisible = slots[i].u64 % 16 == 0;
      key[i] = code;
      PyObject *ordinal = PyObject_CallMethodNoArgs(value, name_get_device);
      if (!ordinal)
        goto slow;
      long d = PyLong_AsLong(ordinal);
      Py_DECREF(ordinal);
      if (d == -1 && PyErr_Occurred())
        goto slow;
      if (d >= 0) {
        if (device >= 0 && d != device)
          goto slow; /* Python names the arguments and their devices */
        device = d;
      }
    } else {
      goto slow;
    }
    if (divisible && !(mask && mask[i]))
      key[i] = (char)(key[i] - 'a' + 'A');
    else if (one && !(mask && mask[i]))
      key[i] = '1';
  }
  if (device < 0)
    goto slow; /* no tensor says where: Python asks for the current device */
  int length = (int)count;
  length += snprintf(key + count, 16, "@%ld", device);
  PyObject *key_bytes = PyBytes_FromStringAndSize(key, length);
  if (!key_bytes) {
    Py_DECREF(packed);
    return NULL;
  }
  PyObject *out = PyTuple_Pack(2, key_bytes, packed);
  Py_DECREF(key_bytes);
  Py_DECREF(packed);
  return out;
slow:
  Py_DECREF(packed);
  PyErr_Clear(); /* Python classifies the values again and reports it */
  Py_RETURN_NONE;
}

/* A grid of 1 to 3 exact ints (a tuple, a list or an int), each from 0 to
 * CUDA's limit on its axis, else 0 (the caller goes to Python, whose
 * GridError says what is wrong). */
static int parse_grid(PyObject *grid, long long dims[3]) {
  static const long long limits[3] = {2147483647LL, 65535, 65535};
  dims[0] = dims[1] = dims[2] = 1;
  Py_ssize_t count;
  PyObject *const *items;
  if (PyLong_CheckExact(grid)) {
    items = &grid;
    count = 1;
  } else if (PyTuple_CheckExact(grid)) {
    items = &PyTuple_GET_ITEM(grid, 0);
    count = PyTuple_GET_SIZE(grid);
  } else if (PyList_CheckExact(grid)) {
    items = &PyList_GET_ITEM(grid, 0);
    count = PyList_GET_SIZE(grid);
  } else {
    return 0;
  }
  if (count < 1 || count > 3)
    return 0;
  for (Py_ssize_t i = 0; i < count; ++i) {
    if (!PyLong_CheckExact(items[i]))
      return 0;
    int overflow = 0;
    long long n = PyLong_AsLongLongAndOverflow(items[i], &overflow);
    if (overflow || n < 0 || n > limits[i]) {
      PyErr_Clear();
      return 0;
    }
    dims[i] = n;
  }
  return 1;
}

/* launch_entry(entry, grid, packed) -> entry's kernel when launched (or
 * when the grid is empty: nothing to launch, as in Triton), None when
 * Python must decide (a grid that is not 1 to 3 ints within the limits),
 * or mtr_launch's nonzero status (mtr_last_error() is set on this thread).
 * entry: (function address, threads, programs per CTA, the three per-axis
 * program limits of runtime.check_grid, kernel, stream getter, device
 * ordinal), made by runtime.fast_entry; the stream is getter(ordinal). */
static PyObject *launch_entry(PyObject *self, PyObject *const *args,
                              Py_ssize_t nargs) {
  (void)self;
  if (nargs != 3 || !PyTuple_CheckExact(args[0]) ||
      PyTuple_GET_SIZE(args[0]) != 9 || !PyBytes_CheckExact(args[2])) {
    PyErr_SetString(PyExc_TypeError,
                    "launch_entry(entry: 9-tuple, grid, packed: bytes)");
    return NULL;
  }
  if (!mtr_launch) {
    PyErr_SetString(PyExc_RuntimeError, "launcher not initialized");
    return NULL;
  }
  PyObject *entry = args[0];
  long long dims[3];
  if (!parse_grid(args[1], dims))
    Py_RETURN_NONE;
  PyObject *kernel = PyTuple_GET_ITEM(entry, 6);
  if (dims[0] == 0 || dims[1] == 0 || dims[2] == 0) {
    Py_INCREF(kernel);
    return kernel;
  }
  void *fn = PyLong_AsVoidPtr(PyTuple_GET_ITEM(entry, 0));
  unsigned threads, programs;
  if ((!fn && PyErr_Occurred()) ||
      unsigned_arg(PyTuple_GET_ITEM(entry, 1), "threads", &threads) ||
      unsigned_arg(PyTuple_GET_ITEM(entry, 2), "programs", &programs))
    return NULL;
  long long blocks_x = (dims[0] + programs - 1) / programs * dims[1];
  if (blocks_x > 2147483647LL)
    Py_RETURN_NONE;
  for (int axis = 0; axis < 3; ++axis) {
    long long limit = PyLong_AsLongLong(PyTuple_GET_ITEM(entry, 3 + axis));
    if (limit == -1 && PyErr_Occurred())
      return NULL;
    if (dims[axis] > limit)
      Py_RETURN_NONE;
  }
  PyObject *handle =
      PyObject_CallOneArg(PyTuple_GET_ITEM(entry, 7), PyTuple_GET_ITEM(entry, 8));
  if (!handle)
    return NULL;
  void *stream = handle == Py_None ? NULL : PyLong_AsVoidPtr(handle);
  Py_DECREF(handle);
  if (!stream && PyErr_Occurred())
    return NULL;
  Py_ssize_t count = PyBytes_GET_SIZE(args[2]) / (Py_ssize_t)sizeof(Slot);
  if (count + 2 > MAX_ARGS) {
    PyErr_SetString(PyExc_ValueError, "launch_entry(): too many arguments");
    return NULL;
  }
  Slot *slots = (Slot *)PyBytes_AS_STRING(args[2]);
  Slot sizes[2];
  void *pointers[MAX_ARGS];
  for (Py_ssize_t i = 0; i < count; ++i)
    pointers[i] = &slots[i];
  sizes[0].u64 = sizes[1].u64 = 0;
  sizes[0].i32 = (int32_t)dims[0];
  sizes[1].i32 = (int32_t)dims[1];
  pointers[count] = &sizes[0];
  pointers[count + 1] = &sizes[1];
  unsigned grid[3] = {(unsigned)blocks_x, (unsigned)dims[2], 1};
  unsigned block[3] = {threads, programs, 1};
  int status;
  Py_BEGIN_ALLOW_THREADS;
  status = mtr_launch(fn, grid, block, 0, stream, pointers, (size_t)count + 2);
  Py_END_ALLOW_THREADS;
  if (status)
    return PyLong_FromLong(status);
  Py_INCREF(kernel);
  return kernel;
}

static PyMethodDef methods[] = {
    {"specialize", (PyCFunction)(void (*)(void))specialize, METH_FASTCALL,
     "specialize(values, unspecialized) -> (key, packed) or None"},
    {"launch_entry", (PyCFunction)(void (*)(void))launch_entry, METH_FASTCALL,
     "launch_entry(entry, grid, packed) -> kernel, None or a status"},
    {"set_classify", (PyCFunction)(void (*)(void))set_classify, METH_FASTCALL,
     "set_classify(arg_type, i32, f32, gpu, torch_dtypes)"},
    {"classify", classify, METH_O, "classify(values) -> [_Arg] or None"},
    {"pack_slots", (PyCFunction)(void (*)(void))pack_slots, METH_FASTCALL,
     "pack_slots(signature, values) -> the packed 8-byte slots"},
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
                        &name_obj};
  const char *texts[] = {"value",      "is_cuda",  "dtype",  "is_contiguous",
                         "data_ptr",   "get_device", "__module__", "type",
                         "device",     "obj"};
  for (int i = 0; i < 10; ++i)
    if (!(*names[i] = PyUnicode_InternFromString(texts[i])))
      return NULL;
  return PyModule_Create(&module);
}
