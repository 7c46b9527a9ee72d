"""The wire room: how maskcheck wire judges a live server or client (echoes, frame flags, close
codes, pongs, fresh keys, read separation, the compression agreement), broken on purpose and run
against its unit tests, the planted peers (each breaking one judgement, which must catch it at its
case) and the good peers (which must still pass)."""
from pathlib import Path

from .slots import RELEASE, Build

# The judging code: what decides pass or fail (not how bytes are sent or processes started).
JUDGES = [
    "harness/src/wire/exchange/echo_comparison.cpp",
    "harness/src/wire/protocol/frame_reader.cpp",
    "harness/src/wire/servers/server_expectation.cpp",
    "harness/src/wire/servers/server_policy.cpp",
    "harness/src/wire/servers/server_session.cpp",
    "harness/src/wire/clients/client_session.cpp",
    "harness/src/wire/clients/key_checks.cpp",
    "harness/src/wire/protocol/deflate_negotiation.cpp",
    "harness/src/wire/protocol/message_deflate.cpp",
    "harness/src/wire/protocol/opening_handshake.cpp",
    "harness/src/wire/transport/read_barrier.cpp",
]

# ctest selections of the slot's build tree for each check, by the side a file judges: a server
# session's code cannot change a client's verdict, nor a client session's a server's.
SELECTIONS = {
    "servers": {
        "planted": r"^server_planted_|^server_fuzz_planted$",
        "peers": (r"^server_(maskcheck|maskcheck-stays-open|python-websockets|"
                  r"python-websockets-deflate)$"
                  r"|^server_wire_cli$|^server_url$"),
        "reads": r"^server_separate_reads",
    },
    "clients": {
        "planted": r"^client_planted_",
        "peers": r"^client_(maskcheck|python-websockets|python-websockets-deflate)$",
        "reads": r"^client_separate_reads$",
    },
}


def side_of(mutant_file: str) -> list:
    """The sides whose verdicts a file's code decides."""
    for side in SELECTIONS:
        if f"/{side}/" in mutant_file:
            return [side]
    return list(SELECTIONS)


class WireRoom:
    name = "wire"
    # The build's CMake files reach into tests/ and docs/ when the suites are configured.
    tree = ["CMakeLists.txt", "CMakePresets.json", "cmake", "reference", "impl", "harness", "fuzz",
            "corpus", "tests", "interop", "docs"]
    operator_files = JUDGES
    # A file both sides share runs every check a file of one side runs, and more.
    baseline_files = ["harness/src/wire/any.cpp"]

    def checks(self):
        return ["units", "planted", "peers", "reads"]

    def builds(self, slot):
        """maskcheck, its own echo server, planted and plain, and echo client, the wire room's
        unit tests; the suites configured with maskcheck's own family and Python's (whose
        websockets server carries the planted compression bugs)."""
        yield Build(slot.build,
                    RELEASE + ["-DMASKCHECK_TESTS=ON", "-DMASKCHECK_PROPERTIES=OFF",
                               "-DMASKCHECK_BENCH=OFF", "-DMASKCHECK_INTEROP=OFF",
                               "-DMASKCHECK_SERVERS=ON",
                               "-DMASKCHECK_SERVER_FAMILIES=maskcheck;python"],
                    ["maskcheck", "maskcheck_echo_server", "maskcheck_broken_echo_server",
                     "maskcheck_echo_client", "wire_tests"], [])

    def baseline(self, slot):
        pass

    def commands(self, check, mutant_file, slot, logs: Path):
        if check == "units":
            return [[str(slot.build / "bin" / "wire_tests"), "--gtest_brief=1"]]
        selection = "|".join(SELECTIONS[side][check] for side in side_of(mutant_file))
        # One test at a time: the workers already keep every core busy, one mutant each.
        return [["ctest", "--test-dir", str(slot.build), "-R", selection, "--stop-on-failure",
                 "--output-on-failure", "-j1"]]
