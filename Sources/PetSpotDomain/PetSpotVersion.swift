/// The version shown in About and `--version`.
public enum PetSpotVersion {
    public static let current = "0.1.0"
}
