"""A beam sensor: an LM393 comparator module that says when the laser hits it.

Wiring: the module's VCC to 3.3 V (not 5 V: its DO must stay at the Pi's
logic level), GND to GND, DO to GPIO22. DO is HIGH in the dark and LOW when
lit, so active_state=False; the module drives the line, so pull_up=None.
Turn the module's screw until its DO LED is off in room light and on in the beam.
Never gpiozero's LightSensor for this: it reads 0 forever on Bookworm (gpiozero#1135).
Run: python docs/examples/beam_sensor.py (on mock pins it shines the beam itself).
"""

from signal import pause

from _pins import MOCK
from gpiozero import DigitalInputDevice

sensor = DigitalInputDevice(22, pull_up=None, active_state=False, bounce_time=0.005)
if MOCK:
    sensor.pin.drive_high()  # dark
sensor.when_activated = lambda: print("beam seen at j5, heading east")
sensor.when_deactivated = lambda: print("dark again")
print("lit now" if sensor.is_active else "dark now")
if MOCK:
    sensor.pin.drive_low()   # the laser reaches it
    sensor.pin.drive_high()
    sensor.close()
else:
    pause()
