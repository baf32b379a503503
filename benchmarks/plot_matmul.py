"""Draws the table that benchmarks/bench_matmul.py prints last (TFLOP/s of
MyTriton, Triton and cuBLAS per dtype and size) as grouped bars, one group
per row, with MyTriton/Triton written above each group.
    python3 benchmarks/plot_matmul.py LOG OUT.png [TITLE]"""
import re
import sys


def read_table(path):
    """[(dtype, size, mytriton, triton, cublas)] from the log's last table."""
    rows = []
    pattern = re.compile(r"^\| (\w+) \| (\d+)\^3 \| ([\d.]+) \| ([\d.]+) \| "
                         r"([\d.]+) \| [\d.]+ \|$")
    for line in open(path):
        match = pattern.match(line.strip())
        if match:
            dtype, size, *rates = match.groups()
            rows.append((dtype, int(size), *map(float, rates)))
    if not rows:
        raise SystemExit(f"{path}: no bench_matmul table found")
    return rows


def main():
    if len(sys.argv) not in (3, 4):
        raise SystemExit(__doc__)
    rows = read_table(sys.argv[1])
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(10, 5))
    width = 0.27
    labels = ("MyTriton", "Triton 3.6", "cuBLAS")
    colors = ("tab:orange", "tab:blue", "tab:gray")
    for i, (label, color) in enumerate(zip(labels, colors)):
        ax.bar([j + (i - 1) * width for j in range(len(rows))],
               [row[2 + i] for row in rows], width, label=label, color=color)
    for j, row in enumerate(rows):
        ax.text(j, max(row[2:]) * 1.01, f"{row[2] / row[3]:.3f}x",
                ha="center", va="bottom", fontsize=9)
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels([f"{row[0]} {row[1]}^3" for row in rows])
    ax.set_ylabel("TFLOP/s")
    ax.set_ylim(0, max(max(row[2:]) for row in rows) * 1.12)
    ax.set_title(sys.argv[3] if len(sys.argv) == 4 else
                 "Triton's tutorial 03 (MyTriton/Triton above each group)")
    ax.legend(loc="upper right")
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=110)


if __name__ == "__main__":
    main()
