/* The 3-High bot's greedy playout in C: the same policy, play for play, as rollout.playout_py.
 *
 * rollout.py plays each candidate to the end of the game many times; in Python that is where the bot spends
 * its second (evaluate.child_values, plan.colour_plan, position.legal_codes and apply_unchecked). This file
 * is a line-by-line port of those four, for the greedy playout only: the same legal plays in the same order,
 * the same values in the same floating-point operations (IEEE doubles, no fast-math), the same first best
 * play, the same effort counted in scored plays. tests/bots/test_three_high_playout.py checks every choice
 * and every result against the Python on random positions. The rules' tables are handed in by rollout.py
 * from the engine's own (position.move_tables, plan.TRIP), so no rule is written twice.
 *
 * A position the arrays here cannot hold (hand-built documents with more cards than a deck) returns None,
 * and the caller plays it in Python. Every call runs start to end holding the GIL, so the static buffers and
 * caches below are never shared by two calls at once.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define SQUARES 64
#define PIECES 15
#define CARDS 32
#define COLOURS 5
#define OFF_LINE 8
#define MAX_SEATS 8
#define MAX_LIST 64
#define MAX_CODES (PIECES * MAX_LIST * 4)
#define ENTRIES (SQUARES * PIECES * CARDS)

#define WON 1000.0
#define LOST (-1000.0)
#define EMPTY_HAND 40.0
#define THIN_HAND 0.6
#define MISSING 6.0
#define FORCED_UNITS 2

enum { PLAYING = 0, OVER_WON = 1, OVER_OUT_OF_CARDS = 2, OVER_STUCK = 3 };

/* the rules' tables (init) */
static int ready_tables = 0;
static int moves_ready[2] = {0, 0};
static int32_t move_codes[2][ENTRIES][4];
static uint8_t move_count[2][ENTRIES];
static uint64_t move_dests[2][ENTRIES];
static uint64_t TRIP[4][8];         /* TRIP[size][d]: cards moving a piece of size exactly d squares */
static uint64_t LINE_[SQUARES][4][2];
static uint64_t MOVABLE_[SQUARES][4];
static uint8_t PAIR_[SQUARES * SQUARES];
static int DEAD_CARD = -1;
static int WIN_TREES = 5;

typedef struct {
    double ready;
    double spare[16];
    int nspare;
    double far_, rare, none_left, move_three_at;
} Weights;

typedef struct {
    int top[SQUARES], below[PIECES], pos[PIECES];
    uint64_t occ;
    int hands[MAX_SEATS][MAX_LIST], hand_n[MAX_SEATS];
    int pile[MAX_LIST], pile_n;
    int trees, to_act, players, allow_zero, over;
} St;

static int land_ok(int piece, int on) {
    /* LANDS[piece]: nothing, itself (a zero play) or its own colour one size larger */
    return on == -1 || on == piece || (piece % 3 < 2 && on == piece + 1);
}

/* ---- position.legal_codes / has_legal / apply_unchecked ---------------------------------------------- */

static int legal_codes(const St *s, int seat, int32_t *out) {
    int n = 0, z = s->allow_zero;
    const int *hand = s->hands[seat];
    int hn = s->hand_n[seat];
    for (int piece = 0; piece < PIECES; piece++) {
        int square = s->pos[piece];
        if (square < 0 || s->top[square] != piece) continue;
        int base = (square * PIECES + piece) * CARDS;
        for (int h = 0; h < hn; h++) {
            int i = base + hand[h], count = move_count[z][i];
            const int32_t *codes = move_codes[z][i];
            if (!(move_dests[z][i] & s->occ)) {
                for (int k = 0; k < count; k++) out[n++] = codes[k];
                continue;
            }
            for (int k = 0; k < count; k++)
                if (land_ok(piece, s->top[codes[k] >> 11])) out[n++] = codes[k];
        }
    }
    return n;
}

static int has_legal(const St *s, int seat) {
    int z = s->allow_zero;
    const int *hand = s->hands[seat];
    for (int piece = 0; piece < PIECES; piece++) {
        int square = s->pos[piece];
        if (square < 0 || s->top[square] != piece) continue;
        int base = (square * PIECES + piece) * CARDS;
        for (int h = 0; h < s->hand_n[seat]; h++) {
            int i = base + hand[h], count = move_count[z][i];
            if (count && !(move_dests[z][i] & s->occ)) return 1;
            for (int k = 0; k < count; k++)
                if (land_ok(piece, s->top[move_codes[z][i][k] >> 11])) return 1;
        }
    }
    return 0;
}

static void apply_code(St *s, int32_t code) {
    int seat = s->to_act;
    int card = (code >> 6) & 31, piece = (code >> 2) & 15, dest = code >> 11;
    int *hand = s->hands[seat];
    for (int h = 0; h < s->hand_n[seat]; h++) {
        if (hand[h] == card) {
            memmove(hand + h, hand + h + 1, (size_t)(s->hand_n[seat] - h - 1) * sizeof(int));
            s->hand_n[seat]--;
            break;
        }
    }
    int square = s->pos[piece], completed = 0;
    if (dest != square) {
        int under = s->below[piece];
        s->top[square] = under;
        if (under < 0) s->occ ^= (uint64_t)1 << square;
        int onto = s->top[dest];
        s->occ |= (uint64_t)1 << dest;
        s->below[piece] = onto;
        s->top[dest] = piece;
        s->pos[piece] = dest;
        if (piece % 3 == 0) {
            if (under == piece + 1 && s->below[under] == piece + 2) s->trees--;
            if (onto == piece + 1 && s->below[onto] == piece + 2) {
                s->trees++;
                completed = 1;
            }
        }
    }
    if (completed) {
        if (s->trees >= WIN_TREES) {
            s->over = OVER_WON;
            s->to_act = -1;
            return;
        }
    } else if (s->pile_n) {
        hand[s->hand_n[seat]++] = s->pile[--s->pile_n];
    } else {
        s->over = OVER_OUT_OF_CARDS;
        s->to_act = -1;
        return;
    }
    s->to_act = seat = (seat + 1) % s->players;
    if (!has_legal(s, seat)) {
        s->over = OVER_STUCK;
        s->to_act = -1;
    }
}

/* ---- plan.colour_plan --------------------------------------------------------------------------------- */

static int above(const St *s, int piece) {
    int count = 0, p = s->top[s->pos[piece]];
    while (p != piece && p >= 0 && count < PIECES) { /* the bounds only guard memory against a broken board */
        count++;
        p = s->below[p];
    }
    return count;
}

static int iabs(int x) { return x < 0 ? -x : x; }

static uint64_t corners(int size, int a, int b, const int *top) {
    int first = (b & ~7) | (a & 7), second = (a & ~7) | (b & 7);
    uint64_t to_first = TRIP[size][iabs((b >> 3) - (a >> 3))], to_second = TRIP[size][iabs((b & 7) - (a & 7))];
    return (top[first] < 0 ? to_first : 0) | (top[second] < 0 ? to_second : 0);
}

static void colour_plan(const St *s, int colour, double trips[4][9], const Weights *w, double *cost_out,
                        uint64_t *needs_out) {
    int one = 3 * colour, two = one + 1, three = one + 2;
    int s1 = s->pos[one], s2 = s->pos[two], s3 = s->pos[three];
    const int *top = s->top, *below = s->below;
    if (s1 < 0 || s2 < 0 || s3 < 0) {
        *cost_out = MISSING;
        *needs_out = 0;
        return;
    }
    if (below[two] == three) {
        if (below[one] == two) {
            *cost_out = 0.0;
            *needs_out = 0;
            return;
        }
        int on_two = top[s2] == two ? 0 : above(s, two);
        int on_one = top[s1] == one ? 0 : above(s, one);
        uint64_t needs = on_two ? MOVABLE_[s3][top[s3] % 3 + 1] : 0;
        if (on_one) {
            needs |= MOVABLE_[s1][top[s1] % 3 + 1];
        } else {
            int pr = PAIR_[s1 << 6 | s3];
            if (pr == OFF_LINE) needs |= corners(1, s1, s3, top);
            else if (!on_two) needs |= TRIP[1][pr];
        }
        *cost_out = (double)(on_two + on_one) + trips[1][PAIR_[s1 << 6 | s3]];
        *needs_out = needs;
        return;
    }
    int on_three = top[s3] == three ? 0 : above(s, three);
    uint64_t needs = on_three ? MOVABLE_[s3][top[s3] % 3 + 1] : 0;
    int riding = below[one] == two;
    int on_two = top[s2] == two ? 0 : above(s, two);
    int on_one;
    double one_trip;
    if (riding) {
        on_one = 0;
        one_trip = 1.0;
        if (on_two == 1) {
            if (((s2 ^ s3) >> 3) == 0) needs |= LINE_[s2][1][0];
            else if (((s2 ^ s3) & 7) == 0) needs |= LINE_[s2][1][1];
            else needs |= corners(1, s2, s3, top);
        } else {
            needs |= MOVABLE_[s2][top[s2] % 3 + 1];
        }
    } else {
        on_one = top[s1] == one ? 0 : above(s, one);
        one_trip = trips[1][PAIR_[s1 << 6 | s3]];
        if (on_two) needs |= MOVABLE_[s2][top[s2] % 3 + 1];
        if (on_one) needs |= MOVABLE_[s1][top[s1] % 3 + 1];
        else if (s1 != s3 && PAIR_[s1 << 6 | s3] == OFF_LINE) needs |= corners(1, s1, s3, top);
    }
    if (!on_two) {
        int pr = PAIR_[s2 << 6 | s3];
        if (pr == OFF_LINE) needs |= corners(2, s2, s3, top);
        else if (!on_three) needs |= TRIP[2][pr];
    }
    double cost = (double)(on_three + on_two + on_one) + trips[2][PAIR_[s2 << 6 | s3]] + one_trip;
    if (!on_three && cost > w->move_three_at) {
        double best = cost;
        int best_square = -1, base = on_two + on_one;
        int rank3 = s3 & ~7, file3 = s3 & 7;
        int sites[4] = {rank3 | (s2 & 7), (s2 & ~7) | file3, rank3 | (s1 & 7), (s1 & ~7) | file3};
        int nsites = riding ? 2 : 4;
        for (int k = 0; k < nsites; k++) {
            int site = sites[k];
            if (site == s3 || top[site] >= 0) continue;
            double alt = (double)base + trips[3][PAIR_[s3 << 6 | site]];
            if (alt >= best) continue;
            alt += trips[2][PAIR_[s2 << 6 | site]];
            if (alt >= best) continue;
            alt += riding ? 1.0 : trips[1][PAIR_[s1 << 6 | site]];
            if (alt < best) {
                best = alt;
                best_square = site;
            }
        }
        if (best_square >= 0) {
            cost = best;
            needs |= TRIP[3][PAIR_[s3 << 6 | best_square]];
        }
    }
    *cost_out = cost;
    *needs_out = needs;
}

/* ---- evaluate.child_values(best_only=True): the index of the first best play ------------------------- */

static int matching(const uint64_t *masks, int n, uint64_t cards) {
    uint64_t avail[COLOURS];
    int na = 0;
    for (int i = 0; i < n; i++) {
        uint64_t m = masks[i] & cards;
        if (m) avail[na++] = m;
    }
    if (na <= 1) return na;
    for (int i = 1; i < na; i++) { /* a stable sort by the number of cards, as list.sort(key=int.bit_count) */
        uint64_t m = avail[i];
        int c = __builtin_popcountll(m), j = i;
        while (j > 0 && __builtin_popcountll(avail[j - 1]) > c) {
            avail[j] = avail[j - 1];
            j--;
        }
        avail[j] = m;
    }
    uint64_t used = 0;
    int count = 0;
    for (int i = 0; i < na; i++) {
        uint64_t free_ = avail[i] & ~used;
        if (free_) {
            used |= free_ & (~free_ + 1);
            count++;
        }
    }
    return count;
}

static uint64_t hand_mask(const int *hand, int n) {
    uint64_t mask = 0;
    for (int i = 0; i < n; i++) mask |= (uint64_t)1 << hand[i];
    return mask;
}

static int usable(const int *hand, int n) {
    return n - ((DEAD_CARD >= 0 && (hand_mask(hand, n) >> DEAD_CARD) & 1) ? 1 : 0);
}

typedef struct {
    int fixed; /* 1: value is WON or LOST, no masks */
    double value, base, spare_term, hand_term;
} Terms;

static Terms terms(int change, int size, int trees, int pile, int others_spare, int several, const Weights *w) {
    Terms t = {0, 0.0, 0.0, 0.0, 0.0};
    int left = WIN_TREES - trees - change;
    if (left <= 0) {
        t.fixed = 1;
        t.value = WON;
        return t;
    }
    if (change <= 0 && pile == 0) {
        t.fixed = 1;
        t.value = LOST;
        return t;
    }
    int after = size - (change > 0);
    int spare = 1 - left + after - 1 + others_spare;
    t.hand_term = (several && after <= 1) ? (after == 0 ? EMPTY_HAND : THIN_HAND) : 0.0;
    t.base = (double)(pile - (change <= 0) + left);
    int idx = spare < -1 ? -1 : spare;
    if (idx > w->nspare - 2) idx = w->nspare - 2;
    t.spare_term = w->spare[idx + 1];
    return t;
}

typedef struct {
    int stamp;
    int fixed;
    double value;
    int nm;
    uint64_t masks[COLOURS];
} Entry;

static Entry cache[PIECES * SQUARES];
static int uncovered_stamp[PIECES];
static double uncovered_cost[PIECES];
static uint64_t uncovered_needs[PIECES];
static int stamp = 0;

static int greedy(St *s, const int32_t *codes, int n, double trips[4][9], const Weights *w) {
    double costs[COLOURS];
    uint64_t needs[COLOURS];
    for (int c = 0; c < COLOURS; c++) colour_plan(s, c, trips, w, &costs[c], &needs[c]);
    double needed = costs[0] + costs[1] + costs[2] + costs[3] + costs[4];
    int mover = s->to_act;
    uint64_t hand = hand_mask(s->hands[mover], s->hand_n[mover]);
    int size = usable(s->hands[mover], s->hand_n[mover]);
    int several = s->players > 1;
    int others_spare = 0;
    double others_trouble = 0.0;
    uint64_t others_cards = 0;
    if (several) {
        for (int seat = 0; seat < s->players; seat++) {
            if (seat == mover) continue;
            int sz = usable(s->hands[seat], s->hand_n[seat]);
            others_spare += sz - 1;
            if (sz <= 1) others_trouble += sz == 0 ? EMPTY_HAND : THIN_HAND;
            others_cards |= hand_mask(s->hands[seat], s->hand_n[seat]);
        }
    }
    Terms by_change[3];
    for (int change = -1; change <= 1; change++)
        by_change[change + 1] = terms(change, size, s->trees, s->pile_n, others_spare, several, w);
    if (++stamp == 0x7fffffff) {
        stamp = 1;
        memset(cache, 0, sizeof cache);
        memset(uncovered_stamp, 0, sizeof uncovered_stamp);
    }
    int *top = s->top, *below = s->below, *pos = s->pos;
    double best = -1e9;
    int best_i = 0;
    for (int i = 0; i < n; i++) {
        int32_t code = codes[i];
        int piece = (code >> 2) & 15, dest = code >> 11;
        Entry *e = &cache[piece * SQUARES + dest];
        if (e->stamp != stamp) {
            e->stamp = stamp;
            int square = pos[piece], colour = piece / 3, change = 0;
            double total;
            e->nm = 0;
            if (dest == square) {
                total = needed;
                for (int c = 0; c < COLOURS; c++)
                    if (costs[c] != 0.0) e->masks[e->nm++] = needs[c];
            } else {
                int under = below[piece], onto = top[dest];
                top[square] = under;
                below[piece] = onto;
                top[dest] = piece;
                pos[piece] = dest;
                if (piece % 3 == 0) {
                    if (under == piece + 1 && below[under] == piece + 2) change -= 1;
                    if (onto == piece + 1 && below[onto] == piece + 2) change += 1;
                }
                double kept_cost = costs[colour];
                uint64_t kept_needs = needs[colour];
                colour_plan(s, colour, trips, w, &costs[colour], &needs[colour]);
                int other = (under >= 0 && under / 3 != colour) ? under / 3 : -1;
                double other_cost = 0.0;
                uint64_t other_needs = 0;
                if (other >= 0) {
                    if (uncovered_stamp[piece] != stamp) {
                        uncovered_stamp[piece] = stamp;
                        colour_plan(s, other, trips, w, &uncovered_cost[piece], &uncovered_needs[piece]);
                    }
                    other_cost = costs[other];
                    other_needs = needs[other];
                    costs[other] = uncovered_cost[piece];
                    needs[other] = uncovered_needs[piece];
                }
                top[square] = piece;
                below[piece] = under;
                top[dest] = onto;
                pos[piece] = square;
                total = 0.0;
                for (int c = 0; c < COLOURS; c++) total += costs[c];
                for (int c = 0; c < COLOURS; c++)
                    if (costs[c] != 0.0) e->masks[e->nm++] = needs[c];
                costs[colour] = kept_cost;
                needs[colour] = kept_needs;
                if (other >= 0) {
                    costs[other] = other_cost;
                    needs[other] = other_needs;
                }
            }
            const Terms *t = &by_change[change + 1];
            if (t->fixed) {
                e->fixed = 1;
                e->value = t->value;
                e->nm = 0;
            } else {
                e->fixed = 0;
                e->value = (((t->base - total) + t->spare_term) - others_trouble) - t->hand_term;
            }
        }
        double value = e->value;
        if (e->nm) {
            if (value + w->ready * (double)e->nm < best) continue;
            value += w->ready * (double)matching(e->masks, e->nm, (hand & ~((uint64_t)1 << ((code >> 6) & 31))) | others_cards);
        }
        if (value > best) {
            best = value;
            best_i = i;
        }
    }
    return best_i;
}

static void trip_rows(uint64_t live, const Weights *w, double trips[4][9]) {
    double rare = 1.0 + w->rare, none_left = 1.0 + w->none_left;
    for (int size = 1; size <= 3; size++) {
        trips[size][0] = 0.0;
        for (int d = 1; d < 8; d++) {
            int count = __builtin_popcountll(TRIP[size][d] & live);
            trips[size][d] = count >= 3 ? 1.0 : count ? rare : none_left;
        }
        trips[size][8] = w->far_;
    }
}

/* ---- the Python interface ----------------------------------------------------------------------------- */

static int read_ints(PyObject *seq, int *out, int cap, int *n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > cap) {
        Py_DECREF(fast);
        return 1; /* too long for the arrays: the caller plays in Python */
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < len; i++) {
        long v = PyLong_AsLong(items[i]);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)v;
    }
    if (n) *n = (int)len;
    Py_DECREF(fast);
    return 0;
}

static int read_card_list(PyObject *seq, int *out, int *n, const char *what) {
    int r = read_ints(seq, out, MAX_LIST, n, what);
    if (r) return r;
    for (int i = 0; i < *n; i++)
        if (out[i] < 0 || out[i] >= CARDS) return 1;
    return 0;
}

static int read_weights(PyObject *obj, Weights *w) {
    PyObject *spare;
    if (!PyArg_ParseTuple(obj, "dOdddd", &w->ready, &spare, &w->far_, &w->rare, &w->none_left, &w->move_three_at))
        return -1;
    PyObject *fast = PySequence_Fast(spare, "spare must be a sequence");
    if (!fast) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len < 2 || len > 16) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "spare must hold 2 to 16 numbers");
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        w->spare[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    w->nspare = (int)len;
    Py_DECREF(fast);
    return 0;
}

/* Reads a position; 0 ok, 1 too big for the arrays (or off the tables), -1 a Python error is set. */
static int read_state(PyObject *args, St *s, uint64_t *live, Weights *w) {
    PyObject *top, *below, *pos, *hands, *pile, *weights;
    unsigned long long occ, live_ull;
    if (!PyArg_ParseTuple(args, "OOOKOOKiiipO", &top, &below, &pos, &occ, &hands, &pile, &live_ull, &s->trees,
                          &s->to_act, &s->players, &s->allow_zero, &weights))
        return -1;
    if (!ready_tables || !moves_ready[s->allow_zero ? 1 : 0]) {
        PyErr_SetString(PyExc_RuntimeError, "the playout's tables are not set (rollout.py sets them)");
        return -1;
    }
    s->allow_zero = s->allow_zero ? 1 : 0;
    s->occ = occ;
    *live = live_ull;
    s->over = PLAYING;
    int n, r;
    if ((r = read_ints(top, s->top, SQUARES, &n, "top must be a sequence"))) return r;
    if (n != SQUARES) return 1;
    if ((r = read_ints(below, s->below, PIECES, &n, "below must be a sequence"))) return r;
    if (n != PIECES) return 1;
    if ((r = read_ints(pos, s->pos, PIECES, &n, "pos must be a sequence"))) return r;
    if (n != PIECES) return 1;
    for (int i = 0; i < SQUARES; i++)
        if (s->top[i] < -1 || s->top[i] >= PIECES) return 1;
    for (int i = 0; i < PIECES; i++)
        if (s->below[i] < -1 || s->below[i] >= PIECES || s->pos[i] < -1 || s->pos[i] >= SQUARES) return 1;
    if (s->players < 1 || s->players > MAX_SEATS || s->to_act < 0 || s->to_act >= s->players) return 1;
    PyObject *fast = PySequence_Fast(hands, "hands must be a sequence");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != s->players) {
        Py_DECREF(fast);
        return 1;
    }
    for (int seat = 0; seat < s->players; seat++) {
        r = read_card_list(PySequence_Fast_GET_ITEM(fast, seat), s->hands[seat], &s->hand_n[seat],
                           "a hand must be a sequence");
        if (r) {
            Py_DECREF(fast);
            return r;
        }
    }
    Py_DECREF(fast);
    if ((r = read_card_list(pile, s->pile, &s->pile_n, "pile must be a sequence"))) return r;
    if (read_weights(weights, w)) return -1;
    return 0;
}

/* The greedy playout of `s` to its end; the scored plays are added to *units. Returns 0, or -1 (a seat with no
 * legal play while the game runs: a hand-built position). */
static int run_playout(St *s, uint64_t live, const Weights *w, long long *units) {
    static int32_t codes[MAX_CODES];
    double trips[4][9];
    while (s->over == PLAYING) {
        int n = legal_codes(s, s->to_act, codes);
        int32_t code;
        if (n == 0) return -1;
        if (n == 1) {
            *units += FORCED_UNITS;
            code = codes[0];
        } else {
            *units += n;
            trip_rows(live, w, trips);
            code = codes[greedy(s, codes, n, trips, w)];
        }
        live &= ~((uint64_t)1 << ((code >> 6) & 31));
        apply_code(s, code);
    }
    return 0;
}

static PyObject *py_playout(PyObject *self, PyObject *args) {
    St s;
    uint64_t live;
    Weights w;
    int r = read_state(args, &s, &live, &w);
    if (r < 0) return NULL;
    if (r > 0) Py_RETURN_NONE;
    long long units = 0;
    if (run_playout(&s, live, &w, &units)) {
        PyErr_SetString(PyExc_ValueError, "the seat to act has no legal play");
        return NULL;
    }
    return Py_BuildValue("iiL", s.over, s.trees, units);
}

/* ---- worlds: the unseen cards dealt into the pile and the hidden hands (rollout.Worlds) ---------------- */

static uint64_t next_random(uint64_t *x) { /* splitmix64, as rollout.next_random */
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* World `world`'s deal into `s` (a copy of the base): 0, or 1 if the cards wanted exceed the arrays. */
static int deal_world(St *s, uint64_t seed, long world, const int *unseen, int n_unseen, const int *hidden,
                      int n_hidden, const int *counts, int pile_n) {
    int cards[MAX_LIST * 2], n = n_unseen;
    memcpy(cards, unseen, (size_t)n_unseen * sizeof(int));
    uint64_t x = seed ^ ((uint64_t)world * 0xD1B54A32D192ED03ULL);
    for (int i = n - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)(next_random(&x) % (uint64_t)(i + 1));
        int t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
    int wanted = pile_n;
    for (int k = 0; k < n_hidden; k++) wanted += counts[hidden[k]];
    if (wanted > MAX_LIST) return 1;
    while (n < wanted) { /* a hand-built position short of cards: repeat them (rollout.Worlds) */
        if (n == 0) {
            cards[n++] = 0;
            continue;
        }
        int take = wanted - n < n ? wanted - n : n;
        memcpy(cards + n, cards, (size_t)take * sizeof(int));
        n += take;
    }
    int at = 0;
    for (int k = 0; k < n_hidden; k++) {
        int seat = hidden[k];
        memcpy(s->hands[seat], cards + at, (size_t)counts[seat] * sizeof(int));
        s->hand_n[seat] = counts[seat];
        at += counts[seat];
    }
    memcpy(s->pile, cards + at, (size_t)pile_n * sizeof(int));
    s->pile_n = pile_n;
    return 0;
}

static PyObject *py_rollouts(PyObject *self, PyObject *args) {
    PyObject *state, *unseen_o, *hidden_o, *counts_o;
    unsigned long long seed;
    long first, count;
    int code, pile_n;
    double credit;
    if (!PyArg_ParseTuple(args, "OiOOOiKlld", &state, &code, &unseen_o, &hidden_o, &counts_o, &pile_n, &seed,
                          &first, &count, &credit))
        return NULL;
    St base, s;
    uint64_t live;
    Weights w;
    int r = read_state(state, &base, &live, &w);
    if (r < 0) return NULL;
    if (r > 0) Py_RETURN_NONE;
    int unseen[MAX_LIST], hidden[MAX_SEATS], counts[MAX_SEATS], n_unseen, n_hidden, n_counts;
    if ((r = read_card_list(unseen_o, unseen, &n_unseen, "unseen must be a sequence"))) goto bad;
    if ((r = read_ints(hidden_o, hidden, MAX_SEATS, &n_hidden, "hidden must be a sequence"))) goto bad;
    if ((r = read_ints(counts_o, counts, MAX_SEATS, &n_counts, "counts must be a sequence"))) goto bad;
    if (n_counts < base.players || pile_n < 0 || pile_n > MAX_LIST || count < 0) Py_RETURN_NONE;
    for (int k = 0; k < n_hidden; k++)
        if (hidden[k] < 0 || hidden[k] >= base.players || counts[hidden[k]] < 0 || counts[hidden[k]] > MAX_LIST)
            Py_RETURN_NONE;
    int card = (code >> 6) & 31, piece = (code >> 2) & 15, in_hand = 0;
    for (int h = 0; h < base.hand_n[base.to_act]; h++) in_hand |= base.hands[base.to_act][h] == card;
    if (!in_hand || piece >= PIECES || (code >> 11) >= SQUARES || code < 0 || base.pos[piece] < 0)
        Py_RETURN_NONE; /* not a play of the seat to act: Python's apply_unchecked says why */
    PyObject *scores = PyList_New(count);
    if (!scores) return NULL;
    long long units = 0;
    for (long i = 0; i < count; i++) {
        s = base;
        if (deal_world(&s, (uint64_t)seed, first + i, unseen, n_unseen, hidden, n_hidden, counts, pile_n)) {
            Py_DECREF(scores);
            Py_RETURN_NONE;
        }
        apply_code(&s, code);
        double score;
        if (s.over != PLAYING) {
            score = s.over == OVER_WON ? 1.0 : 0.0;
        } else {
            if (run_playout(&s, live & ~((uint64_t)1 << card), &w, &units)) {
                Py_DECREF(scores);
                PyErr_SetString(PyExc_ValueError, "the seat to act has no legal play");
                return NULL;
            }
            score = s.over == OVER_WON ? 1.0 : credit * s.trees / WIN_TREES;
        }
        PyList_SET_ITEM(scores, i, PyFloat_FromDouble(score));
    }
    return Py_BuildValue("NL", scores, units);
bad:
    if (r < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *py_greedy(PyObject *self, PyObject *args) {
    St s;
    uint64_t live;
    Weights w;
    int r = read_state(args, &s, &live, &w);
    if (r < 0) return NULL;
    if (r > 0) Py_RETURN_NONE;
    static int32_t codes[MAX_CODES];
    double trips[4][9];
    int n = legal_codes(&s, s.to_act, codes);
    if (n == 0) Py_RETURN_NONE;
    trip_rows(live, &w, trips);
    int i = n == 1 ? 0 : greedy(&s, codes, n, trips, &w);
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (int k = 0; k < n; k++) PyList_SET_ITEM(list, k, PyLong_FromLong(codes[k]));
    return Py_BuildValue("Ni", list, i);
}

static PyObject *py_set_plan(PyObject *self, PyObject *args) {
    PyObject *trip;
    if (!PyArg_ParseTuple(args, "Oii", &trip, &DEAD_CARD, &WIN_TREES)) return NULL;
    /* trip: TRIP[size][d] for size 0..3, d 0..7, as 32 ints */
    PyObject *fast = PySequence_Fast(trip, "trip must be a sequence");
    if (!fast) return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != 32) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "trip must hold 4 x 8 masks");
        return NULL;
    }
    for (int i = 0; i < 32; i++) {
        TRIP[i / 8][i % 8] = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred()) {
            Py_DECREF(fast);
            return NULL;
        }
    }
    Py_DECREF(fast);
    for (int a = 0; a < SQUARES; a++)
        for (int b = 0; b < SQUARES; b++)
            PAIR_[a << 6 | b] = a == b ? 0 : ((a ^ b) & 7) == 0 ? iabs(a - b) >> 3 : ((a ^ b) >> 3) == 0 ? iabs(a - b) : OFF_LINE;
    for (int sq = 0; sq < SQUARES; sq++) {
        MOVABLE_[sq][0] = LINE_[sq][0][0] = LINE_[sq][0][1] = 0;
        for (int size = 1; size <= 3; size++) {
            for (int along_rank = 1; along_rank >= 0; along_rank--) {
                int x = along_rank ? sq % 8 : sq / 8;
                uint64_t mask = 0;
                for (int d = 1; d < 8; d++)
                    if (x + d < 8 || x - d >= 0) mask |= TRIP[size][d];
                LINE_[sq][size][along_rank ? 0 : 1] = mask;
            }
            MOVABLE_[sq][size] = LINE_[sq][size][0] | LINE_[sq][size][1];
        }
    }
    ready_tables = 1;
    Py_RETURN_NONE;
}

static PyObject *py_set_moves(PyObject *self, PyObject *args) {
    int allow_zero;
    PyObject *codes_at, *dests_at;
    if (!PyArg_ParseTuple(args, "pOO", &allow_zero, &codes_at, &dests_at)) return NULL;
    PyObject *codes = PySequence_Fast(codes_at, "codes must be a sequence");
    if (!codes) return NULL;
    PyObject *dests = PySequence_Fast(dests_at, "dests must be a sequence");
    if (!dests) {
        Py_DECREF(codes);
        return NULL;
    }
    if (PySequence_Fast_GET_SIZE(codes) != ENTRIES || PySequence_Fast_GET_SIZE(dests) != ENTRIES) {
        Py_DECREF(codes);
        Py_DECREF(dests);
        PyErr_SetString(PyExc_ValueError, "the move tables must hold 64 x 15 x 32 entries");
        return NULL;
    }
    for (int i = 0; i < ENTRIES; i++) {
        int n;
        int buf[8];
        int r = read_ints(PySequence_Fast_GET_ITEM(codes, i), buf, 4, &n, "an entry must be a sequence");
        if (r) {
            Py_DECREF(codes);
            Py_DECREF(dests);
            if (r > 0) PyErr_SetString(PyExc_ValueError, "an entry holds more than 4 plays");
            return NULL;
        }
        move_count[allow_zero][i] = (uint8_t)n;
        for (int k = 0; k < n; k++) move_codes[allow_zero][i][k] = buf[k];
        move_dests[allow_zero][i] = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(dests, i));
        if (PyErr_Occurred()) {
            Py_DECREF(codes);
            Py_DECREF(dests);
            return NULL;
        }
    }
    Py_DECREF(codes);
    Py_DECREF(dests);
    moves_ready[allow_zero] = 1;
    Py_RETURN_NONE;
}

static PyObject *py_has_moves(PyObject *self, PyObject *args) {
    int allow_zero;
    if (!PyArg_ParseTuple(args, "p", &allow_zero)) return NULL;
    return PyBool_FromLong(ready_tables && moves_ready[allow_zero]);
}

static PyMethodDef methods[] = {
    {"playout", py_playout, METH_VARARGS,
     "playout(top, below, pos, occ, hands, pile, live, trees, to_act, players, allow_zero, weights) -> "
     "(over, trees, units) or None: the greedy playout to the end (over: 1 won, 2 out of cards, 3 stuck)."},
    {"rollouts", py_rollouts, METH_VARARGS,
     "rollouts(state arguments as a tuple, code, unseen, hidden, counts, pile, seed, first, count, credit) -> "
     "(scores of worlds first..first+count-1, scored plays) or None: `code` made, then the greedy playout."},
    {"greedy", py_greedy, METH_VARARGS,
     "greedy(same arguments) -> (legal codes, index of the first best) or None: one greedy choice."},
    {"set_plan", py_set_plan, METH_VARARGS, "set_plan(trip, dead_card, win_trees): plan.py's tables."},
    {"set_moves", py_set_moves, METH_VARARGS, "set_moves(allow_zero, codes, dests): position.move_tables."},
    {"has_moves", py_has_moves, METH_VARARGS, "has_moves(allow_zero) -> bool."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_playout", NULL, -1, methods};

PyMODINIT_FUNC PyInit__playout(void) { return PyModule_Create(&module); }
