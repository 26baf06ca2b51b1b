/*
 * labload: the load the topology lab's scenarios run inside the guest.
 *
 *   labload mem HOLD_MIB CHURN_MIB SECONDS
 *       Allocates HOLD_MIB (in 4 KiB pages, no transparent huge pages) and writes every page of it once (so `numastat -p` shows
 *       where it sits), then until SECONDS have passed: maps CHURN_MIB, writes every
 *       page, unmaps it (each round allocates fresh pages, so the kernel's per-node
 *       allocation counters grow while the capture runs), and reads the held memory
 *       once per round. The NUMA policy is whatever numactl gave the process.
 *   labload spin SECONDS
 *       One thread spinning on its CPU until SECONDS have passed.
 *
 * Prints one line per second to standard output: rounds done and MiB allocated.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static unsigned char *map_and_touch(size_t bytes, long page)
{
    unsigned char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        perror("labload: mmap");
        exit(1);
    }
    /* Small pages, so that every page written is one allocation the kernel counts
     * (a transparent huge page would count once for 512 of them). */
    madvise(p, bytes, MADV_NOHUGEPAGE);
    for (size_t i = 0; i < bytes; i += (size_t)page)
        p[i] = (unsigned char)i;
    return p;
}

static int mem(long hold_mib, long churn_mib, double seconds)
{
    long page = sysconf(_SC_PAGESIZE);
    size_t hold = (size_t)hold_mib << 20, churn = (size_t)churn_mib << 20;
    unsigned char *held = hold ? map_and_touch(hold, page) : NULL;
    double start = now(), next_report = start + 1;
    unsigned long rounds = 0, sum = 0;
    printf("labload mem: holding %ld MiB, churning %ld MiB per round, for %.0f s\n",
           hold_mib, churn_mib, seconds);
    fflush(stdout);
    while (now() - start < seconds) {
        if (churn) {
            unsigned char *p = map_and_touch(churn, page);
            munmap(p, churn);
        }
        for (size_t i = 0; i < hold; i += (size_t)page)
            sum += held[i];
        rounds++;
        if (now() >= next_report) {
            printf("t=%.0f rounds=%lu allocated_mib=%lu\n", now() - start, rounds,
                   rounds * (unsigned long)churn_mib);
            fflush(stdout);
            next_report += 1;
        }
    }
    printf("done rounds=%lu allocated_mib=%lu checksum=%lu\n", rounds,
           rounds * (unsigned long)churn_mib, sum & 0xff);
    return 0;
}

static int spin(double seconds)
{
    double start = now();
    volatile unsigned long n = 0;
    while (now() - start < seconds)
        for (int i = 0; i < 100000; i++)
            n++;
    printf("labload spin: done after %.0f s\n", now() - start);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "mem") == 0)
        return mem(atol(argv[2]), atol(argv[3]), atof(argv[4]));
    if (argc == 3 && strcmp(argv[1], "spin") == 0)
        return spin(atof(argv[2]));
    fprintf(stderr, "usage: labload mem HOLD_MIB CHURN_MIB SECONDS | labload spin SECONDS\n");
    return 2;
}
