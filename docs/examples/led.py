"""A seat LED: blinking while the seat is awaited, steady once it has played, off otherwise.

Wiring: GPIO6 -> 330 Ω -> LED anode (long leg); cathode to GND (about 5 mA).
Colour is never the only signal: label each LED with its seat (see docs/hardware.md).
Run: python docs/examples/led.py
"""

from time import sleep

from _pins import MOCK
from gpiozero import LED

led = LED(6)
led.blink(on_time=0.5, off_time=0.5)   # awaited
sleep(0.1 if MOCK else 3)
led.on()                               # handed in a hidden play
sleep(0.1 if MOCK else 2)
led.blink(on_time=0.12, off_time=0.12)  # the winner
sleep(0.1 if MOCK else 3)
led.close()
print("blinking, steady, winner" + (" (mock pins)" if MOCK else ""))
