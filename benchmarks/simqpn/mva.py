#!/usr/bin/env python3
"""Exact mean value analysis (MVA) of examples/qpn/closed-network.qpe: one class, N = 20 jobs,
Think = delay station (IS) with mean 1.0, CPU = processor sharing with mean 0.02 (load independent,
so MVA treats it like a single FCFS server), Disk = FCFS single server with mean 0.04; all
exponential, so the network is product form and these values are exact."""
Z, D = 1.0, {"CPU": 0.02, "Disk": 0.04}
N = 20
Q = {k: 0.0 for k in D}
for n in range(1, N + 1):
    R = {k: D[k] * (1 + Q[k]) for k in D}
    X = n / (Z + sum(R.values()))
    Q = {k: X * R[k] for k in D}
print(f"N={N} throughput X={X:.6f} jobs/time unit, cycle time={N / X:.6f}")
print(f"Think: mean residence {Z:.6f}, mean jobs {X * Z:.6f}")
for k in D:
    print(f"{k}: utilisation {X * D[k]:.6f}, mean residence {R[k]:.6f}, mean jobs {Q[k]:.6f}")
