// A small typed shim over ncursesw's macros and globals, so Swift calls stay typed.
// Only FerryNcurses imports this module.
#ifndef FERRY_CNCURSES_SHIM_H
#define FERRY_CNCURSES_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/ncurses.h>
#include <pty.h>
#include <langinfo.h>
#include <stdio.h>
#include <termios.h>

static inline WINDOW *ferry_stdscr(void) { return stdscr; }
static inline int ferry_colors(void) { return COLORS; }
static inline int ferry_color_pairs(void) { return COLOR_PAIRS; }
static inline int ferry_lines(void) { return LINES; }
static inline int ferry_cols(void) { return COLS; }
static inline void ferry_getmaxyx(WINDOW *w, int *y, int *x) { getmaxyx(w, *y, *x); }

static inline attr_t ferry_a_normal(void) { return A_NORMAL; }
static inline attr_t ferry_a_bold(void) { return A_BOLD; }
static inline attr_t ferry_a_dim(void) { return A_DIM; }
static inline attr_t ferry_a_italic(void) { return A_ITALIC; }
static inline attr_t ferry_a_reverse(void) { return A_REVERSE; }
static inline attr_t ferry_a_underline(void) { return A_UNDERLINE; }
static inline int ferry_key_f(int n) { return KEY_F(n); }

static inline mmask_t ferry_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t ferry_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t ferry_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t ferry_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t ferry_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t ferry_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t ferry_button5_pressed(void) { return BUTTON5_PRESSED; }

// Wide-character cells: one cchar_t from up to CCHARW_MAX-1 code points, with an extended colour pair.
static inline int ferry_mvwadd_cell(WINDOW *w, int y, int x, const wchar_t *text, attr_t attrs, int pair) {
    cchar_t cell;
    int extended = pair;
    if (setcchar(&cell, text, attrs, (short)(pair < 32767 ? pair : 0), &extended) != OK) return ERR;
    return mvwadd_wch(w, y, x, &cell);
}
static inline int ferry_ccharw_max(void) { return CCHARW_MAX; }
static inline int ferry_key_code_yes(void) { return KEY_CODE_YES; }
static inline int ferry_key_resize(void) { return KEY_RESIZE; }
// wget_wch with the result widened to an unsigned int (wint_t differs between platforms).
static inline int ferry_get_wch(WINDOW *w, unsigned int *out) {
    wint_t value = 0;
    int result = wget_wch(w, &value);
    *out = (unsigned int)value;
    return result;
}
static inline const char *ferry_codeset(void) { return nl_langinfo(CODESET); }

#endif
