/// How secret values look wherever they are shown or recorded (masked by a ``SecretScrubber``).
public enum Secrets {
    /// What a secret is shown as.
    public static let mask = "••••••"
}
