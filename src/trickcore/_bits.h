/* Portable 64-bit popcount and lowest-set-bit index for the card masks. */
#ifndef TRICKCORE_BITS_H
#define TRICKCORE_BITS_H
#include <stdint.h>
#if defined(_MSC_VER)
#include <intrin.h>
static __inline int tc_popcount64(uint64_t m) {
#if defined(_M_X64)
    return (int)__popcnt64(m);
#else
    m = m - ((m >> 1) & 0x5555555555555555ULL);
    m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((m * 0x0101010101010101ULL) >> 56);
#endif
}
static __inline int tc_lowest64(uint64_t m) {
    unsigned long index;
    _BitScanForward64(&index, m);
    return (int)index;
}
static __inline int tc_highest64(uint64_t m) {
    unsigned long index;
    _BitScanReverse64(&index, m);
    return (int)index;
}
#else
static inline int tc_popcount64(uint64_t m) { return __builtin_popcountll(m); }
static inline int tc_lowest64(uint64_t m) { return __builtin_ctzll(m); }
static inline int tc_highest64(uint64_t m) { return 63 - __builtin_clzll(m); }
#endif
#endif
