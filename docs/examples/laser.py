"""Fire the laser module for 0.3 s, as one Laser Chess shot does.

Wiring: GPIO17 -> 1 kΩ -> base of an NPN transistor (2N2222/BC337); emitter
to GND; the module's "-" to the collector, its "+" to 5 V (check yours: see
docs/hardware.md). Keep the beam at board level and never look into it.
Run: python docs/examples/laser.py (mock pins when this is not a Pi).
"""

from time import sleep

from _pins import MOCK
from gpiozero import DigitalOutputDevice

laser = DigitalOutputDevice(17, initial_value=False)
try:
    laser.on()
    sleep(0.3)
finally:
    laser.off()  # fail safe: whatever happened, the beam goes off
    laser.close()
print("fired for 0.3 s" + (" (mock pins)" if MOCK else ""))
