/**
 * A component-based performance model of a storage area network, after Aizikowitz et al., "Component-based
 * performance modeling of a storage area network" (Winter Simulation Conference 2005): hosts (logical
 * volume manager, disk driver, storage adapters), the SAN fabric (ports, channels) and a storage
 * subsystem of peer nodes (processors, host/device/peer adapters, cache, NVS, RAID ranks of disks).
 * Every component is a {@link org.iosim.analysis.san.Resource}: an FCFS queue whose use takes a fixed
 * overhead plus the bytes transferred divided by its bandwidth.
 *
 * <p>It is fed by SPC block traces ({@link org.iosim.analysis.san.SpcTrace}), by traces generated from a
 * workload specification ({@link org.iosim.analysis.san.TraceGenerator}, whose parameters
 * {@link org.iosim.analysis.san.TraceAnalyzer} extracts from a trace), and, as the I/O analysis model
 * kind {@code san}, by the architecture simulation's requests on the simulation clock.
 *
 * <h2>Semantics where the paper is silent (choices of IOSim)</h2>
 * <ul>
 * <li>Path: a request holds each resource in turn (store and forward), not several at once; a use of a
 * host or fabric resource transfers the request's bytes once (command and data together), whether the
 * data flows to the storage (writes) or back (reads).</li>
 * <li>LVM: a volume is spread over its RAID ranks striped (round robin in units of its stripe size) or
 * concatenated (equal consecutive parts); the LVM splits a request at those boundaries and the pieces
 * go their ways in parallel; the request is done when all are. Each volume's part of a rank starts at
 * a track boundary after the parts of the volumes listed before it.</li>
 * <li>A piece is served by the node owning its rank: host adapter, processor, then the cache.</li>
 * <li>Read: a hit if every track of the piece is in the node's cache (LRU over tracks); a read request
 * is a hit if all its pieces are. Otherwise the missing tracks are staged (contiguous ones in one
 * operation through a device adapter and the rank); a track already being staged or prestaged is waited
 * for, not read twice.</li>
 * <li>Prestage: a read is sequential if it starts where the volume's previous read ended; once
 * {@code prestage.after} sequential reads follow each other, every further one prestages the next
 * {@code prestage.tracks} tracks of the volume that are neither cached nor on their way.</li>
 * <li>Fast write: the piece passes the node's peer adapter into the peer's NVS and is then in the
 * cache as dirty tracks; the write is done. The NVS space of a node's written data is counted in
 * tracks; a write that does not fit waits, in order, until destaging frees space (a write always fits
 * an empty NVS).</li>
 * <li>Destage: starts when the NVS use reaches {@code destageHigh} of its size (or a write waits) and
 * stops when the use not already being destaged is at most {@code destageLow}; at most
 * {@code destages} operations at once, oldest dirty track first, together with the dirty tracks next to
 * it in the same RAID stripe. Dirty tracks are never evicted from the cache.</li>
 * <li>RAID: one disk access per disk and operation, its bytes the sum of the operation's units on that
 * disk. RAID-5 has rotating parity (stripe s has its parity on disk s mod n); a full-stripe write writes
 * data and parity, a partial one reads the old data and parity first (read-modify-write). RAID-10 reads
 * from the mirror with fewer requests and writes both.</li>
 * <li>Join (disk driver): applied to a host's trace before the replay; compared with the last request
 * joined (time) and with the end of the joined request (space). Inside the architecture simulation
 * requests are not joined.</li>
 * </ul>
 */
package org.iosim.analysis.san;
