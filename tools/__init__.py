"""Scripts for the people who keep the project: the lock (lock.py), the Pi check (pi_check.py)."""
