"""A seat button: print each (debounced) press.

Wiring: a push button between GPIO5 and GND; the Pi's pull-up holds the pin
high, a press pulls it low. bounce_time becomes kernel debounce under lgpio.
Run: python docs/examples/button.py (on mock pins it presses the button itself).
"""

from signal import pause

from _pins import MOCK
from gpiozero import Button

seat = Button(5, bounce_time=0.05)
seat.when_pressed = lambda: print("seat 1 pressed")
if MOCK:
    seat.pin.drive_low()   # what a finger does
    seat.pin.drive_high()
    seat.close()
else:
    pause()
