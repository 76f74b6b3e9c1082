// The mock dice: a person types the throw on the USB console instead of rolling.
//
//   3 4          yellow 3, red 4          34            the same
//   6 2 ship     with the event die       ? 4           yellow unreadable
//   tilt r       a die came to rest tilted  nodie       a die did not come out
//
// Replace this file with one that reads your sensors (a camera, Hall sensors, Bluetooth dice)
// and keeps dice_poll()'s promise in dice.h. The console is DICE_CONSOLE: the same port the
// app reads by default (the app never writes, so typing there disturbs nothing); on a board with
// a second port (an ESP32-S3's UART0 beside its USB), point it there and type while the app reads.
#include <Arduino.h>
#include <ctype.h>
#include <string.h>

#include "dice.h"

#ifndef DICE_CONSOLE
#define DICE_CONSOLE Serial
#endif

static char typed[32];
static size_t typed_length = 0;

void dice_setup() {}

DiceNews dice_poll(dr1_throw *settled, char *which_die) {
    while (DICE_CONSOLE.available()) {
        char c = (char)tolower(DICE_CONSOLE.read());
        if (c != '\n' && c != '\r') {
            if (typed_length < sizeof typed - 1) typed[typed_length++] = c;
            continue;
        }
        typed[typed_length] = 0;
        typed_length = 0;
        *which_die = 0;
        if (strncmp(typed, "tilt", 4) == 0 || strncmp(typed, "nodie", 5) == 0) {
            const char *die = strchr(typed, ' ');
            if (die) *which_die = (char)toupper(die[1]);
            if (*which_die && !strchr("YRE", *which_die)) *which_die = 0;
            return typed[0] == 't' ? DICE_TILTED : DICE_MISSING;
        }
        if (dr1_parse_typed(typed, settled)) return DICE_SETTLED;
    }
    return DICE_QUIET;
}
