// A DR1 dice reader for an ESP32 or an Arduino: speaks the protocol of docs/dice-protocol.md
// on the USB serial port. The dice themselves are read in dice_mock.cpp (typed on the console);
// a builder replaces that one file with their sensors. The protocol is in dr1.c, plain C that
// the app's tests build and check against the app's own parser.
#include <Arduino.h>

#include "dice.h"
#include "dr1.h"

#define BAUD_RATE 115200        // the app's default; set the same on the table screen if you change it
#define FIRMWARE "ref-1.1"
#define DICE "YR"               // "YRE" when the event die is read too
#define HEARTBEAT_MS 2000
#define HELLO_DELAY_MS 250      // hosts clear their input right after opening the port
#define NO_ROLL_MS 5000         // moving this long without settling: the throw has no result

static dr1_device device;
static char line[DR1_LINE_SIZE];
static unsigned long last_heartbeat = 0, moving_since = 0, host_seen_at = 0;
static bool moving = false, hello_owed = false, host_was_there = false;

static void send(size_t length) {
    if (length) Serial.write((const uint8_t *)line, length);  // one write: lines never interleave
}

static uint32_t boot_random() {
#if defined(ESP32)
    return esp_random();  // the hardware RNG
#else
    // No RNG on an AVR: the noise of a floating analog pin, stirred. Leave A0 unconnected.
    uint32_t bits = 0;
    for (int i = 0; i < 32; i++) {
        bits = (bits << 1) ^ (analogRead(A0) & 1) ^ (micros() & 1);
        delayMicroseconds(100);
    }
    return bits ^ micros();
#endif
}

static void hello() { send(dr1_hello(&device, line, FIRMWARE, NULL, DICE)); }

void setup() {
    Serial.begin(BAUD_RATE);
    dr1_begin(&device, boot_random());
    dice_setup();
    hello();
}

void loop() {
    unsigned long now = millis();
    // A host opening the USB port raises DTR: greet it, after it has cleared its input.
    bool host_there = (bool)Serial;
    if (host_there && !host_was_there) { hello_owed = true; host_seen_at = now; }
    host_was_there = host_there;
    if (hello_owed && now - host_seen_at >= HELLO_DELAY_MS) { hello(); hello_owed = false; }

    if (now - last_heartbeat >= HEARTBEAT_MS) {
        send(dr1_heartbeat(&device, line));
        last_heartbeat = now;
    }

    dr1_throw settled;
    char die = 0;
    switch (dice_poll(&settled, &die)) {
    case DICE_MOVING:
        if (!moving) send(dr1_motion(&device, line));
        moving = true;
        moving_since = now;
        break;
    case DICE_SETTLED:
        send(dr1_roll(&device, line, &settled));
        moving = false;
        break;
    case DICE_TILTED:
        send(dr1_error(&device, line, "TILT", die));
        moving = false;
        break;
    case DICE_MISSING:
        send(dr1_error(&device, line, "NODIE", die));
        moving = false;
        break;
    case DICE_QUIET:
        if (moving && now - moving_since >= NO_ROLL_MS) {
            send(dr1_error(&device, line, "NODIE", 0));
            moving = false;
        }
        break;
    }
}
