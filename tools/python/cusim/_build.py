"""Building a CUDA string into a module the simulated device loads.

The string is written to a file, followed by a table of the kernels asked for (their names,
addresses and parameters: runtime/cusim/detail/module_kernels.hpp), and built by
``cusim-nvcc -shared`` (translated as nvcc would read it, checked build unless fast). Modules are
kept in a cache by the hash of everything that goes into them, so a string is built once.
"""

import hashlib
import os
import re
import subprocess
import tempfile

from . import _layout
from ._errors import CompileError

# A kernel declared outside a template: `__global__ void name(`, with attributes between.
_KERNEL = re.compile(r"(template\s*<[^{;]*?>\s*)?__global__\s+(?:__launch_bounds__\s*\([^)]*\)\s*)?void\s+"
                     r"(?:__launch_bounds__\s*\([^)]*\)\s*)?([A-Za-z_]\w*)\s*\(")


def kernel_names(code):
    """The kernels of a string that are not templates, as CuPy's RawModule finds them by name."""
    names = []
    for m in _KERNEL.finditer(code):
        if not m.group(1) and m.group(2) not in names:
            names.append(m.group(2))
    return names


def _cache_root():
    root = os.environ.get("CUSIM_CACHE_DIR")
    if not root:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        root = os.path.join(base, "cusim", "kernels")
    os.makedirs(root, exist_ok=True)
    return root


def _tool_stamp(path):
    # The programs' identity: a rebuilt cusim changes the headers modules are compiled against.
    st = os.stat(path)
    return "%s:%d:%d" % (path, st.st_size, st.st_mtime_ns)


def _table(kernels, functions):
    def quoted(name):
        return '"%s"' % name.replace('"', '\\"')
    kernel_entries = "".join("    ::cusim::detail::module_kernel(%s, &%s),\n" % (quoted(n), n) for n in kernels)
    function_entries = "".join("    ::cusim::detail::module_function<&%s>(%s),\n" % (n, quoted(n)) for n in functions)
    return ("\n// Appended by the Python package cusim: what it calls by name.\n"
            "#include <cusim/detail/module_kernels.hpp>\n"
            'extern "C" const ::cusim::detail::ModuleKernel cusim_module_kernels[] = {\n%s    {}};\n'
            'extern "C" const ::cusim::detail::ModuleFunction cusim_module_functions[] = {\n%s    {}};\n'
            % (kernel_entries, function_entries))


def build(sources, kernels, functions, options, fast, labels):
    """The path of the module built from `sources` (file name -> text; the tables of `kernels` and
    host `functions` go after the last one) and the paths of its sources, each with its label
    (`labels`: file name -> how compiler messages and findings name it)."""
    options = list(options)
    nvcc = _layout.nvcc()
    key = hashlib.sha256("\0".join(
        [name + "\1" + text for name, text in sources.items()] +
        ["\1".join(kernels), "\1".join(functions), "\1".join(options), "fast" if fast else "checked",
         _tool_stamp(nvcc), _tool_stamp(_layout.kernel_host())]).encode()).hexdigest()
    folder = os.path.join(_cache_root(), key[:2], key)
    module = os.path.join(folder, "module.so")
    paths = {os.path.join(folder, name): labels[name] for name in sources}
    if os.path.exists(module):
        return module, paths
    os.makedirs(folder, exist_ok=True)
    last = list(sources)[-1]
    for name, text in sources.items():
        with open(os.path.join(folder, name), "w") as f:
            f.write(text)
            if not text.endswith("\n"):
                f.write("\n")
            if name == last:
                f.write(_table(kernels, functions))
    partial = tempfile.mktemp(suffix=".so", dir=folder)
    command = [nvcc, "-shared", "-Xcompiler", "-fPIC", *options]
    if fast:
        command.append("--fast")
    command += ["-o", partial, *paths]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        log = done.stdout + done.stderr
        for path, label in paths.items():
            log = log.replace(path, label)
        if os.path.exists(partial):
            os.remove(partial)
        raise CompileError("%s did not compile:" % " and ".join(labels.values()), log)
    os.replace(partial, module)  # whole or not at all, also with another process building it
    return module, paths
