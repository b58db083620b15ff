import StateLintKit

print("statelint \(StateLintVersion.current)")
