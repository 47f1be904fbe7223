// SPDX-License-Identifier: GPL-3.0-or-later

/// The version shown in About and `--version`.
public enum PetSpotVersion {
    public static let current = "0.1.0"
}
