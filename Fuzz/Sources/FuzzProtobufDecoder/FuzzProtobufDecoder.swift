import FerryJSON
import FerryProtobuf

/// A schema with every field kind (scalars, enums, repeated, packed, maps, oneofs, recursion, well-known types),
/// read by Ferry's own `.proto` reader.
let schema = """
    syntax = "proto3";
    package fuzz;
    import "google/protobuf/any.proto";
    import "google/protobuf/struct.proto";
    import "google/protobuf/timestamp.proto";
    import "google/protobuf/duration.proto";
    import "google/protobuf/wrappers.proto";
    import "google/protobuf/field_mask.proto";
    enum Color { NONE = 0; RED = 1; }
    message All {
      double d = 1; float f = 2; int64 i64 = 3; uint64 u64 = 4; int32 i32 = 5; fixed64 f64 = 6; fixed32 f32 = 7;
      bool b = 8; string s = 9; bytes by = 10; uint32 u32 = 11; Color c = 12; sfixed32 sf32 = 13;
      sfixed64 sf64 = 14; sint32 si32 = 15; sint64 si64 = 16; optional int32 maybe = 17;
      repeated int32 packed = 18; repeated string words = 19; repeated All children = 20;
      map<string, All> by_name = 21; map<int64, Color> colors = 22; map<bool, bytes> flags = 23;
      oneof choice { string name = 24; All detail = 25; }
      google.protobuf.Any any = 26; google.protobuf.Struct st = 27; google.protobuf.Value v = 28;
      google.protobuf.Timestamp ts = 29; google.protobuf.Duration du = 30; google.protobuf.Int64Value w = 31;
      google.protobuf.FieldMask mask = 32; google.protobuf.ListValue list = 33;
    }
    """

let codec: MessageCodec? = {
    guard let pool = try? ProtoSourceLoader(read: { $0 == "fuzz.proto" ? schema : nil }).pool(loading: "fuzz.proto")
    else { return nil }
    return MessageCodec(pool: pool)
}()

/// libFuzzer entry: the input as wire bytes of `fuzz.All` (and as a `FileDescriptorSet`). Whatever decodes must
/// encode again and decode to the same JSON; anything else must be a `ProtobufError`. Any trap is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProtobufDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let codec else { preconditionFailure("the fuzz schema does not read") }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var pool = DescriptorPool()
    try? pool.add(fileDescriptorSet: bytes)
    guard let json = try? codec.decode(bytes, as: "fuzz.All") else { return 0 }
    guard let again = try? codec.encode(json, as: "fuzz.All") else {
        preconditionFailure("decoded JSON does not encode: \(json)")
    }
    guard let reread = try? codec.decode(again, as: "fuzz.All") else {
        preconditionFailure("re-encoded bytes do not decode")
    }
    precondition(reread == json, "the round trip changed the message")
    return 0
}
