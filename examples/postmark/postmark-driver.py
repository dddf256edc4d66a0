#!/usr/bin/env python3
"""Runs N PostMark clients at once and times their transaction phases (called by measure-postmark.sh).

Usage: postmark-driver.py RUNROOT NLIST REPEATS
  RUNROOT  an empty folder made for this measurement (all files go below it; the driver empties the
           client folders after each run but leaves them and RUNROOT for the caller to remove)
  NLIST    client counts, comma-separated (e.g. 1,2,4,8,16)
  REPEATS  repetitions; repetition r runs every N of NLIST before repetition r+1 starts

Settings come from the PM_* environment variables (postmark.env). Prints CSV on stdout: a header,
one row per (repetition, N), then per N a row 'mean' and a row 'sd' (sample standard deviation).

How a run is timed:
  * each client is one `postmark` process reading its commands from a pipe; all N first load their
    configuration (written to RUNROOT/cI-TAG.pmrc), then all get `run` back to back;
  * PostMark flushes "Performing transactions" right before its transaction loop, a dot after the
    first transaction and after every further tenth, and "Deleting files..." right after the loop;
    the driver stamps their arrival on each client's stdout pipe with CLOCK_MONOTONIC (nanoseconds).
    The two markers delimit the client's transaction phase (creation and final deletion excluded);
    the dots give its progress, from which 'tps' counts the transactions of all clients between the
    last client's start and the first client's end;
  * at each marker it reads the client's /proc/PID/stat (user/system CPU) and /proc/PID/io (system
    calls, bytes sent to the block layer), and the machine's /proc/stat and /proc/diskstats.
"""
import os
import selectors
import signal
import statistics
import subprocess
import sys
import time

CLK_TCK = os.sysconf("SC_CLK_TCK")
NCPU = os.cpu_count()


def env(name):
    v = os.environ.get(name)
    if v is None or v == "":
        sys.exit(f"postmark-driver: {name} is not set (source postmark.env)")
    return v


def read_proc_stat_cpu():
    """(busy, steal) jiffies of the whole machine."""
    with open("/proc/stat") as f:
        parts = f.readline().split()
    vals = [int(x) for x in parts[1:]]
    user, nice, system, idle, iowait, irq, softirq = vals[:7]
    steal = vals[7] if len(vals) > 7 else 0
    return user + nice + system + irq + softirq, steal


def disk_of(path):
    """(major, minor) of the block device holding path, if /proc/diskstats lists it."""
    st = os.stat(path)
    major, minor = os.major(st.st_dev), os.minor(st.st_dev)
    with open("/proc/diskstats") as f:
        for line in f:
            p = line.split()
            if int(p[0]) == major and int(p[1]) == minor:
                return major, minor
    return None, None


def read_disk(dev):
    """(writes completed, sectors written) of the location's block device, or (0, 0)."""
    if dev[0] is None:
        return 0, 0
    with open("/proc/diskstats") as f:
        for line in f:
            p = line.split()
            if int(p[0]) == dev[0] and int(p[1]) == dev[1]:
                return int(p[7]), int(p[9])
    return 0, 0


def proc_snapshot(pid):
    """user, system CPU seconds and the /proc/PID/io counters of one client."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            s = f.read()
        fields = s[s.rindex(")") + 2:].split()
        utime, stime = int(fields[11]) / CLK_TCK, int(fields[12]) / CLK_TCK
        io = {}
        with open(f"/proc/{pid}/io") as f:
            for line in f:
                k, v = line.split(":")
                io[k] = int(v)
        return {"user": utime, "sys": stime, **io}
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None


def progress(c, t, per_client):
    """Transactions client c had done at time t, interpolated between its progress marks."""
    tenth = per_client // 10
    marks = [(c["start"], 0)] + [(d, k * tenth) for k, d in enumerate(c["dots"][1:10], 1)]
    marks.append((c["end"], per_client))
    if t <= marks[0][0]:
        return 0.0
    for (t0, x0), (t1, x1) in zip(marks, marks[1:]):
        if t <= t1:
            return x0 + (x1 - x0) * (t - t0) / (t1 - t0) if t1 > t0 else x1
    return float(per_client)


def config_text(directory, transactions, seed):
    lines = [
        f"set location {directory}",
        f"set number {env('PM_FILES')}",
        f"set size {env('PM_SIZE_LOW')} {env('PM_SIZE_HIGH')}",
        f"set transactions {transactions}",
        f"set read {env('PM_READ_BLOCK')}",
        f"set write {env('PM_WRITE_BLOCK')}",
        f"set buffering {env('PM_BUFFERING')}",
        f"set bias read {env('PM_BIAS_READ')}",
        f"set bias create {env('PM_BIAS_CREATE')}",
        f"set seed {seed}",
        "set report verbose",
    ]
    subdirs = int(env("PM_SUBDIRS"))
    if subdirs > 1:
        lines.append(f"set subdirectories {subdirs}")
    return "\n".join(lines) + "\n"


START = b"Performing transactions"
END = b"Deleting files..."


def run_once(root, n, dev):
    total = int(env("PM_TRANSACTIONS_TOTAL"))
    per_client = max(1, total // n)
    seed0 = int(env("PM_SEED"))
    clients = []
    tag = os.urandom(4).hex()  # a new name each run: Orlov places a top directory by its name's hash
    for i in range(1, n + 1):
        d = os.path.join(root, f"c{i}-{tag}")
        os.mkdir(d)
        cfg = os.path.join(root, f"c{i}-{tag}.pmrc")
        with open(cfg, "w") as f:
            f.write(config_text(d, per_client, seed0 + i - 1))
        p = subprocess.Popen(["postmark"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, cwd=d, bufsize=0)
        RUNNING.append(p)
        p.stdin.write(f"load {cfg}\n".encode())
        clients.append({"p": p, "out": b"", "dir": d, "chunks": []})
    time.sleep(0.3)  # let every client read its configuration and wait at its prompt
    load1 = float(open("/proc/loadavg").read().split()[0])
    go_disk = read_disk(dev)
    sel = selectors.DefaultSelector()
    for c in clients:
        sel.register(c["p"].stdout, selectors.EVENT_READ, c)
    for c in clients:  # the start barrier: all clients get 'run' back to back
        c["go"] = time.monotonic_ns()
        c["p"].stdin.write(b"run\nquit\n")
        c["p"].stdin.close()
    open_pipes = n
    while open_pipes:
        for key, _ in sel.select():
            c = key.data
            chunk = os.read(key.fileobj.fileno(), 65536)
            now = time.monotonic_ns()
            if not chunk:
                c["eof"] = now
                c["eof_proc"] = proc_snapshot(c["p"].pid)  # a zombie until wait4 below
                sel.unregister(key.fileobj)
                open_pipes -= 1
                continue
            c["out"] += chunk
            c["chunks"].append((len(c["out"]), now))
            for marker, tag in ((START, "start"), (END, "end")):
                if tag not in c and marker in c["out"]:
                    c[tag] = now
                    c[tag + "_proc"] = proc_snapshot(c["p"].pid)
                    c[tag + "_cpu"] = read_proc_stat_cpu()
                    c[tag + "_disk"] = read_disk(dev)
    for c in clients:
        _, status, ru = os.wait4(c["p"].pid, 0)
        c["p"].returncode = status
        c["status"] = status
        c["rusage"] = ru
    os.sync()
    run_disk = read_disk(dev)
    RUNNING.clear()
    for c in clients:
        # PostMark prints a dot after its first transaction and after every further tenth of them;
        # a dot's time is the arrival of the chunk that carried it
        out = c["out"]
        a = out.find(START) + len(START)
        b = out.find(END, a)
        c["dots"] = []
        for pos in range(a, b if b >= 0 else a):
            if out[pos:pos + 1] == b".":
                c["dots"].append(next(t for end, t in c["chunks"] if end > pos))
    problems = []
    for i, c in enumerate(clients, 1):
        text = c["out"].decode(errors="replace")
        if "start" not in c or "end" not in c or c.get("start_proc") is None or c.get("end_proc") is None:
            problems.append(f"client {i}: no transaction phase seen")
        if "out of files" in text:
            problems.append(f"client {i}: ran out of files")
        if "Error" in text:
            problems.append(f"client {i}: " + text[text.index("Error"):][:120].replace("\n", " "))
        if c.get("eof_proc") is None:
            problems.append(f"client {i}: /proc/PID/io not readable at exit")
        if c["status"] != 0:
            problems.append(f"client {i}: exit status {c['status']}")
    if problems:
        sys.stderr.write("postmark-driver: " + "; ".join(problems) + "\n")
        sys.stderr.write(clients[0]["out"].decode(errors="replace")[-2000:] + "\n")
        sys.exit(1)

    tx = [(c["end"] - c["start"]) / 1e9 for c in clients]
    # all N clients are in their transaction phase from t1 to t2
    t1, t2 = max(c["start"] for c in clients), min(c["end"] for c in clients)
    if per_client >= 10 and t2 > t1:
        done = sum(progress(c, t2, per_client) - progress(c, t1, per_client) for c in clients)
        tps_concurrent = done / ((t2 - t1) / 1e9)
    else:
        tps_concurrent = float("nan")
    first_start = min(clients, key=lambda c: c["start"])
    last_end = max(clients, key=lambda c: c["end"])
    window = (last_end["end"] - first_start["start"]) / 1e9
    overlap = (min(c["end"] for c in clients) - max(c["start"] for c in clients)) / 1e9 / window

    def delta(key):
        return sum(c["end_proc"][key] - c["start_proc"][key] for c in clients)

    user, system = delta("user"), delta("sys")
    cpu_each = [(c["end_proc"]["user"] + c["end_proc"]["sys"] - c["start_proc"]["user"] - c["start_proc"]["sys"])
                / per_client * 1e6 for c in clients]
    drift = []  # last tenth of a client's transactions against its second tenth: > 1 means it slowed down
    for c in clients:
        d = c["dots"]
        if len(d) >= 10:
            drift.append((c["end"] - d[9]) / (d[2] - d[1]))
    busy = (last_end["end_cpu"][0] - first_start["start_cpu"][0]) / CLK_TCK
    steal = (last_end["end_cpu"][1] - first_start["start_cpu"][1]) / CLK_TCK
    writes = last_end["end_disk"][0] - first_start["start_disk"][0]
    sectors = last_end["end_disk"][1] - first_start["start_disk"][1]
    proc_disk = delta("write_bytes") - delta("cancelled_write_bytes")
    all_tx = n * per_client
    detail = " ".join(f"{os.stat(c['dir']).st_ino}:{e:.1f}" for c, e in zip(clients, cpu_each))
    row = {
        "clients": detail,
        "n": n,
        "tx_per_client": per_client,
        "tx_phase_s_mean": statistics.fmean(tx),
        "tx_phase_s_min": min(tx),
        "tx_phase_s_max": max(tx),
        "tps": tps_concurrent,
        "mean_tx_ms": n / tps_concurrent * 1e3,
        "tps_sum": sum(per_client / t for t in tx),
        "tps_window": all_tx / window,
        "mean_tx_ms_phase": statistics.fmean(tx) / per_client * 1e3,
        "overlap": overlap,
        "create_s_mean": statistics.fmean((c["start"] - c["go"]) / 1e9 for c in clients),
        "delete_s_mean": statistics.fmean((c["eof"] - c["end"]) / 1e9 for c in clients),
        "cpu_user_s": user,
        "cpu_sys_s": system,
        "cpu_us_per_tx": (user + system) / all_tx * 1e6,
        "cpu_us_per_tx_min": min(cpu_each),
        "cpu_us_per_tx_max": max(cpu_each),
        "drift": statistics.fmean(drift) if drift else float("nan"),
        "our_cores": (user + system) / window,
        "others_cores": max(0.0, busy - user - system) / window,
        "steal_cores": steal / window,
        "disk_MB": sectors * 512 / 1e6,
        "disk_writes": writes,
        "proc_disk_MB": proc_disk / 1e6,
        "dirtied_MB": delta("write_bytes") / 1e6,
        "run_disk_MB": (run_disk[1] - go_disk[1]) * 512 / 1e6,
        "run_proc_disk_MB": sum(c["eof_proc"]["write_bytes"] - c["eof_proc"]["cancelled_write_bytes"]
                                for c in clients) / 1e6,
        "run_proc_read_MB": sum(c["eof_proc"]["read_bytes"] for c in clients) / 1e6,
        "reads_per_tx": delta("syscr") / all_tx,
        "writes_per_tx": delta("syscw") / all_tx,
        "read_KB_per_tx": delta("rchar") / all_tx / 1024,
        "write_KB_per_tx": delta("wchar") / all_tx / 1024,
        "load1": load1,
    }
    return row


COLUMNS = ["n", "rep", "tx_per_client", "tx_phase_s_mean", "tx_phase_s_min", "tx_phase_s_max",
           "tps", "mean_tx_ms", "tps_sum", "tps_window", "mean_tx_ms_phase", "overlap", "create_s_mean", "delete_s_mean", "cpu_user_s", "cpu_sys_s",
           "cpu_us_per_tx", "cpu_us_per_tx_min", "cpu_us_per_tx_max", "drift", "our_cores", "others_cores", "steal_cores", "disk_MB", "disk_writes",
           "proc_disk_MB", "dirtied_MB", "run_disk_MB", "run_proc_disk_MB", "run_proc_read_MB",
           "reads_per_tx", "writes_per_tx", "read_KB_per_tx",
           "write_KB_per_tx", "load1"]


def fmt(v):
    if isinstance(v, str):
        return v
    if isinstance(v, int):
        return str(v)
    if v is None:
        return ""
    return f"{v:.6g}" if abs(v) < 1e6 else f"{v:.0f}"


def print_row(row):
    print(",".join(fmt(row.get(k)) for k in COLUMNS), flush=True)


def empty(path, keep_folders=False):
    """Removes what is in path; with keep_folders, the (emptied) folders directly in it stay."""
    for name in os.listdir(path):
        full = os.path.join(path, name)
        if os.path.isdir(full) and not os.path.islink(full):
            empty(full)
            if not keep_folders:
                os.rmdir(full)
        else:
            os.unlink(full)


RUNNING = []  # the clients of the current run, stopped if the driver is interrupted


def stop_clients(*_):
    for p in RUNNING:
        if p.poll() is None:
            p.kill()
    for p in RUNNING:
        p.wait()
    sys.exit(130)


def main():
    signal.signal(signal.SIGTERM, stop_clients)
    signal.signal(signal.SIGINT, stop_clients)
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    root, nlist, repeats = sys.argv[1], [int(x) for x in sys.argv[2].split(",")], int(sys.argv[3])
    pause = float(env("PM_PAUSE"))
    dev = disk_of(root)
    print("# " + ", ".join(f"{k}={os.environ[k]}" for k in sorted(os.environ) if k.startswith("PM_")))
    print(f"# location {root}; {NCPU} CPUs; times in s, mean_tx_ms per client; "
          "CPU, disk and syscall figures over the transaction phases", flush=True)
    print(",".join(COLUMNS), flush=True)
    max_others = float(os.environ.get("PM_MAX_OTHERS", "inf"))
    retries = int(os.environ.get("PM_RETRIES", "5"))
    max_client_cpu = float(os.environ.get("PM_MAX_CLIENT_CPU_US", "inf"))
    rows = {n: [] for n in nlist}
    for rep in range(1, repeats + 1):
        for n in nlist:
            for attempt in range(retries + 1):
                os.sync()
                time.sleep(pause * (1 + 4 * attempt))
                row = run_once(root, n, dev)
                row["rep"] = rep
                # The empty client folders stay until the end (measure-postmark.sh removes the run
                # folder): ext4's Orlov allocator places a new top folder in a block group with few
                # folders, and would otherwise pick the groups this run has just emptied, whose
                # recently deleted inodes make file creation slow (FINDINGS.md)
                empty(root, keep_folders=True)
                reasons = []
                if row["others_cores"] > max_others:
                    reasons.append("other processes used %.2f CPUs" % row["others_cores"])
                if row["cpu_us_per_tx_max"] > max_client_cpu:
                    reasons.append("a client needed %.1f us CPU per transaction" % row["cpu_us_per_tx_max"])
                if not reasons or attempt == retries:
                    break
                if os.environ.get("PM_DETAIL") == "1":
                    print(f"# client folders' inode numbers : CPU us per transaction: {row['clients']}")
                print("# rejected (" + "; ".join(reasons) + "): ", end="")
                print_row(row)
            rows[n].append(row)
            if os.environ.get("PM_DETAIL") == "1":
                print(f"# client folders' inode numbers : CPU us per transaction: {row['clients']}")
            print_row(row)
    for n in nlist:
        if len(rows[n]) < 2:
            continue
        mean = {"n": n, "rep": "mean"}
        sd = {"n": n, "rep": "sd"}
        for k in COLUMNS[2:]:
            vals = [r[k] for r in rows[n] if r[k] == r[k]]  # without NaN (e.g. no common window)
            mean[k] = statistics.fmean(vals) if vals else float("nan")
            sd[k] = statistics.stdev(vals) if len(vals) > 1 else float("nan")
        print_row(mean)
        print_row(sd)


if __name__ == "__main__":
    main()
