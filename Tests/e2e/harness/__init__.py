"""End-to-end harness: the real petspot app under Xvfb, driven through AT-SPI."""
