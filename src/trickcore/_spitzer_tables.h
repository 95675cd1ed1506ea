/* Spitzer card tables (RULES.md 1.2), indexed by card number (trickcore.card):
 * suit*13 + rank, ranks 2..A = 0..12, jokers 52 and 53.  Cards outside the
 * 32-card pack have effective suit -1.  tests/test_tables.py checks every entry
 * against the reference twin, which derives them from the rules text. */
#ifndef TRICKCORE_SPITZER_TABLES_H
#define TRICKCORE_SPITZER_TABLES_H
#include <stdint.h>

#define SPITZER_TRUMPS 4
#define SPITZER_N_ACTIONS 32

/* Effective suit: 0 clubs, 2 hearts, 3 spades, 4 trumps (Q, J and every diamond). */
static const signed char SPITZER_SUIT[54] = {
    -1, -1, -1, -1, -1,  0,  0,  0,  0,  4,  4,  0,  0,  /* 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC */
    -1, -1, -1, -1, -1,  4,  4,  4,  4,  4,  4,  4,  4,  /* 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD */
    -1, -1, -1, -1, -1,  2,  2,  2,  2,  4,  4,  2,  2,  /* 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH */
    -1, -1, -1, -1, -1,  3,  3,  3,  3,  4,  4,  3,  3,  /* 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS */
    -1, -1  /* JK1 JK2 */
};

/* Strength within the effective suit: trumps Q♣ 14, 7♦ 13, Q♠ 12, Q♥ 11, Q♦ 10,
 * J♣ 9, J♠ 8, J♥ 7, J♦ 6, A♦ 5, 10♦ 4, K♦ 3, 9♦ 2, 8♦ 1; fail A 6, 10 5, K 4,
 * 9 3, 8 2, 7 1. */
static const signed char SPITZER_STRENGTH[54] = {
     0,  0,  0,  0,  0,  1,  2,  3,  5,  9, 14,  4,  6,  /* 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC */
     0,  0,  0,  0,  0, 13,  1,  2,  4,  6, 10,  3,  5,  /* 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD */
     0,  0,  0,  0,  0,  1,  2,  3,  5,  7, 11,  4,  6,  /* 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH */
     0,  0,  0,  0,  0,  1,  2,  3,  5,  8, 12,  4,  6,  /* 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS */
     0,  0  /* JK1 JK2 */
};

/* Card points: A 11, 10 10, K 4, Q 3, J 2, others 0 (120 in the pack). */
static const signed char SPITZER_POINTS[54] = {
     0,  0,  0,  0,  0,  0,  0,  0, 10,  2,  3,  4, 11,  /* 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC */
     0,  0,  0,  0,  0,  0,  0,  0, 10,  2,  3,  4, 11,  /* 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD */
     0,  0,  0,  0,  0,  0,  0,  0, 10,  2,  3,  4, 11,  /* 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH */
     0,  0,  0,  0,  0,  0,  0,  0, 10,  2,  3,  4, 11,  /* 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS */
     0,  0  /* JK1 JK2 */
};

/* Card-number masks of each effective suit (index 1 is empty) and of the pack. */
static const uint64_t SPITZER_SUIT_MASK[5] = {
    0x000000000019E0ULL, 0x00000000000000ULL, 0x00006780000000ULL, 0x0CF00000000000ULL, 0x03001803FC0600ULL
};
static const uint64_t SPITZER_PACK_MASK = 0x0FF07F83FC1FE0ULL;

/* The same in dense action numbers (suit*8 + rank-5, 7 to A): effective-suit
 * masks (index 1 empty), a few single cards, and the scoring table. */
#define SPITZER_D_QC 5
#define SPITZER_D_QS 29
#define SPITZER_D_AC 7
#define SPITZER_D_AH 23
#define SPITZER_D_AS 31
#define SPITZER_D_FAIL_ACES ((1u << 7) | (1u << 23) | (1u << 31))
static const uint32_t SPITZER_DENSE_SUIT_MASK[5] = {
    0x000000CFu, 0x00000000u, 0x00CF0000u, 0xCF000000u, 0x3030FF30u
};

/* RULES.md 1.8, one row per game type (normal, sneaker, zola, zola schneider,
 * zola schneider schwarz, ace call, void call, first-trick call, schneider), one
 * column per result (no tricks, 0-30, 31-60, 61-89, 90-120, all tricks):
 * +N every declarer scores N, -N every opponent scores N, 0 impossible. */
static const signed char SPITZER_SCORING[9][6] = {
    {  0,  -9,  -6,   3,   6,   9},
    {  0,  -9,  -6,   9,  12,  15},
    {-15, -12,  -9,  18,  27,  36},
    {-42, -36, -24, -18,  36,  39},
    {-42, -42, -39, -33, -27,  42},
    {  0,  -9,  -6,   3,   6,   9},
    {  0,  -9,  -6,   3,   6,   9},
    {  0,  -9,  -6,   3,   6,   9},
    {-18, -15, -12,  -9,   9,  12},
};

#endif
