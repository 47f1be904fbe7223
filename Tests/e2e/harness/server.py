# SPDX-License-Identifier: GPL-3.0-or-later

"""A real petspot-server per scenario, on an ephemeral loopback port."""
import json
import os
import re
import subprocess
import threading

from .processes import stop_process
from .waiting import ProcessDied, wait_for

LISTENING = re.compile(r"petspot-server listening on (http://\S+)")


class Server:
    def __init__(self, binary, workdir, seed=None, port=0, db_name="server.sqlite", args=()):
        self.binary = binary
        self.args = list(args)  # more options, such as --demo
        self.workdir = workdir
        self.db_path = os.path.join(workdir, db_name)
        self.port = port
        self.seed = seed
        self.process = None
        self.base_url = None
        self.log_path = os.path.join(workdir, "server.log")

    def start(self, timeout=20):
        command = [self.binary, "--host", "127.0.0.1", "--port", str(self.port), "--db", self.db_path, *self.args]
        if self.seed is not None:
            seed_path = os.path.join(self.workdir, "seed.json")
            with open(seed_path, "w") as out:
                json.dump({"data": self.seed}, out)
            command += ["--seed", seed_path, "--reset"]
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log,
                                        stdin=subprocess.DEVNULL, text=True)
        log.close()
        found = {}

        def read_stdout():
            for line in self.process.stdout:
                match = LISTENING.search(line)
                if match and "url" not in found:
                    found["url"] = match.group(1)
        threading.Thread(target=read_stdout, daemon=True).start()

        def listening():
            if self.process.poll() is not None:
                raise ProcessDied(f"petspot-server exited with {self.process.returncode}")
            return found.get("url")
        self.base_url = wait_for(listening, timeout=timeout, message="petspot-server to listen")
        self.port = int(self.base_url.rsplit(":", 1)[1].split("/")[0])
        return self

    def stop(self):
        stop_process(self.process)
