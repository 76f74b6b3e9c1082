// What the dice are doing: the one part a builder replaces with their own sensors.
//
// dice_poll() is called over and over from loop(). It returns DICE_MOVING when the dice start
// moving, DICE_SETTLED with the faces in *settled once every die has been still for a moment
// (say 300-500 ms), DICE_TILTED or DICE_MISSING when a throw has no result, and DICE_QUIET
// otherwise. Report each throw once: the sketch sends one MOTION and one ROLL (or ERR) for it.
// Unsure of a face? Report it as DR1_UNREADABLE: the table rolls again, a guess is worse.
#ifndef DICE_H
#define DICE_H

#include "dr1.h"

enum DiceNews { DICE_QUIET, DICE_MOVING, DICE_SETTLED, DICE_TILTED, DICE_MISSING };

void dice_setup();
DiceNews dice_poll(dr1_throw *settled, char *which_die);

#endif
