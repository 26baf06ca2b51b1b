/*
 * lockload: a small lock-heavy program for the lab's aarch64 guest. THREADS threads
 * share one counter and one spinlock: each round adds 1 to the counter atomically
 * (hot_atomic_add) and takes the spinlock to bump a second shared value
 * (hot_spin_lock / hot_spin_unlock). The atomics are the compiler's own builtins, so
 * the instructions depend only on how it was built:
 *   -march=armv8-a -mno-outline-atomics   load-exclusive/store-exclusive loops
 *                                         (ldaxr / stlxr, retried on contention)
 *   -march=armv8.1-a                      LSE single instructions (ldaddal, casa)
 *   -march=armv8-a (GCC's default -moutline-atomics)  calls to libgcc's
 *                                         __aarch64_* helpers that pick LSE at run
 *                                         time when the CPU has it
 * Usage: lockload THREADS SECONDS; runs for SECONDS or until SIGTERM/SIGINT, and prints
 * the rounds per second, every second and in total.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static long counter;
static long guarded;
static int lock;
static volatile int stop;
static volatile sig_atomic_t asked_to_stop;

static void on_signal(int sig)
{
    (void)sig;
    asked_to_stop = 1;
}
static long rounds[64];

__attribute__((noinline)) void hot_atomic_add(long *p)
{
    __atomic_fetch_add(p, 1, __ATOMIC_ACQ_REL);
}

__attribute__((noinline)) void hot_spin_lock(int *l)
{
    int expected;
    do {
        expected = 0;
    } while (!__atomic_compare_exchange_n(l, &expected, 1, 0, __ATOMIC_ACQUIRE,
                                          __ATOMIC_RELAXED));
}

__attribute__((noinline)) void hot_spin_unlock(int *l)
{
    __atomic_store_n(l, 0, __ATOMIC_RELEASE);
}

static void *worker(void *arg)
{
    long *mine = arg;
    while (!stop) {
        hot_atomic_add(&counter);
        hot_spin_lock(&lock);
        guarded++;
        hot_spin_unlock(&lock);
        (*mine)++;
    }
    return NULL;
}

static long total(int n)
{
    long t = 0;
    for (int i = 0; i < n; i++)
        t += __atomic_load_n(&rounds[i * 8 % 64], __ATOMIC_RELAXED);
    return t;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: lockload THREADS SECONDS\n");
        return 2;
    }
    int n = atoi(argv[1]), seconds = atoi(argv[2]);
    if (n < 1 || n > 8 || seconds < 1) {
        fprintf(stderr, "lockload: 1-8 threads, at least 1 second\n");
        return 2;
    }
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    pthread_t t[8];
    for (int i = 0; i < n; i++)
        pthread_create(&t[i], NULL, worker, &rounds[i * 8 % 64]);
    long last = 0;
    int s;
    for (s = 1; s <= seconds && !asked_to_stop; s++) {
        sleep(1);
        long now = total(n);
        printf("t=%d rounds/s=%ld\n", s, now - last);
        fflush(stdout);
        last = now;
    }
    stop = 1;
    for (int i = 0; i < n; i++)
        pthread_join(t[i], NULL);
    s--;
    if (s < 1)
        s = 1;
    printf("threads=%d seconds=%d rounds=%ld rounds/s=%ld counter=%ld guarded=%ld\n", n, s,
           total(n), total(n) / s, counter, guarded);
    return 0;
}
