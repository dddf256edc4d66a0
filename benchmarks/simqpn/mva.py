#!/usr/bin/env python3
"""Exact mean value analysis (MVA) of the two product-form example nets; all service times are
exponential and the queues FCFS, PS (load independent, so MVA treats it like a single FCFS server)
or IS, so these values are exact.

usage: mva.py            examples/qpn/closed-network.qpe: N = 20 jobs, Think IS mean 1.0, CPU PS
                         mean 0.02, Disk FCFS mean 0.04
       mva.py probes     benchmarks/simqpn/nets/probes-cache-raid.qpe: N = 3 requests, Think IS mean
                         2, Cache FCFS mean 1 (every cycle), RAID FCFS mean 5 (half of the cycles),
                         and the means of its probes
"""
import sys


def mva(N, Z, service, visits):
    """Residence time per visit at each queueing station and the throughput (cycles per time unit)."""
    Q = {k: 0.0 for k in service}
    for n in range(1, N + 1):
        per_visit = {k: service[k] * (1 + Q[k]) for k in service}
        X = n / (Z + sum(visits[k] * per_visit[k] for k in service))
        Q = {k: X * visits[k] * per_visit[k] for k in service}
    return per_visit, X, Q


if len(sys.argv) > 1 and sys.argv[1] == "probes":
    N, Z = 3, 2.0
    service, visits = {"Cache": 1.0, "RAID": 5.0}, {"Cache": 1.0, "RAID": 0.5}
    per_visit, X, Q = mva(N, Z, service, visits)
    response = N / X - Z
    print(f"N={N} throughput X={X:.6f} cycles/time unit (Cache's), response time N/X - Z={response:.6f}")
    for k in per_visit:
        print(f"{k}: utilisation {X * visits[k] * service[k]:.6f},"
              f" mean residence per visit {per_visit[k]:.6f}")
    # In a product-form net a visit's mean residence time does not depend on where the request goes next.
    print(f"probe 'cache residence' (Cache entry -> Cache exit): {per_visit['Cache']:.6f}")
    print(f"probe 'miss path' (Cache entry -> RAID exit): {per_visit['Cache'] + per_visit['RAID']:.6f}")
    print(f"probe 'response' (Cache entry -> Think entry): {response:.6f}")
    print(f"probe 'cycle' (Think exit -> Think entry): {response:.6f}")
else:
    N, Z = 20, 1.0
    D = {"CPU": 0.02, "Disk": 0.04}
    R, X, Q = mva(N, Z, D, {k: 1.0 for k in D})
    print(f"N={N} throughput X={X:.6f} jobs/time unit, cycle time={N / X:.6f}")
    print(f"Think: mean residence {Z:.6f}, mean jobs {X * Z:.6f}")
    for k in D:
        print(f"{k}: utilisation {X * D[k]:.6f}, mean residence {R[k]:.6f}, mean jobs {Q[k]:.6f}")
