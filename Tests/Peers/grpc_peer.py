"""The gRPC test peer: grpcio serving ferry_test.proto's services (grpc/ferry_test.proto, compiled at start-up
by grpcio-tools into a temporary folder; nothing generated is committed).

    python grpc_peer.py PORT [--tls CERT KEY] [--no-reflection] [--gzip]
    python grpc_peer.py --descriptor-set OUT     # writes the FileDescriptorSet (imports included) and exits
    python grpc_peer.py --client PORT COUNT       # COUNT timed unary Echo calls with grpcio's client (make bench)

--gzip compresses every response message with gzip (grpcio does when the client accepts it, grpc-accept-encoding).
Echo.Echo sends the message back, and the request's `x-ferry-test` metadata as the `x-ferry-echo` header and the
`x-ferry-trailer` trailer;
Echo.Fail fails with status `count` and message `text`; Echo.Slow answers after `count` seconds.
Streams.Count replies `count` times (then, for the text `hold`, keeps the stream open until cancelled), Streams.Collect joins the texts, Streams.Chat upper-cases each one.
"""
import importlib, os, shutil, sys, tempfile, time
from concurrent import futures

import grpc
from grpc_tools import protoc

HERE = os.path.dirname(os.path.abspath(__file__))
PROTO_DIR = os.path.join(HERE, "grpc")


def compile_proto(out):
    include = os.path.join(os.path.dirname(protoc.__file__), "_proto")
    arguments = ["protoc", f"-I{PROTO_DIR}", f"-I{include}", f"--python_out={out}", f"--grpc_python_out={out}",
                 f"--descriptor_set_out={os.path.join(out, 'ferry_test.pb')}", "--include_imports",
                 os.path.join(PROTO_DIR, "ferry_test.proto")]
    if protoc.main(arguments) != 0:
        raise SystemExit("protoc failed")
    sys.path.insert(0, out)
    return importlib.import_module("ferry_test_pb2"), importlib.import_module("ferry_test_pb2_grpc")


def main():
    out = tempfile.mkdtemp(prefix="ferry-grpc-")
    pb2, pb2_grpc = compile_proto(out)
    with open(os.path.join(out, "ferry_test.pb"), "rb") as source:
        descriptor_set = source.read()
    # The modules are loaded: the folder goes now, since the tests stop the server with SIGKILL.
    shutil.rmtree(out, True)
    if sys.argv[1] == "--descriptor-set":
        with open(sys.argv[2], "wb") as target:
            target.write(descriptor_set)
        return
    if sys.argv[1] == "--client":
        # COUNT unary Echo calls on one channel after 100 to warm up, one duration (seconds) per line.
        channel = grpc.insecure_channel(f"127.0.0.1:{sys.argv[2]}")
        stub = pb2_grpc.EchoStub(channel)
        request = pb2.Everything(name="ferry", numbers=[1, 2, 3])
        durations = []
        for index in range(int(sys.argv[3]) + 100):
            start = time.perf_counter()
            stub.Echo(request)
            if index >= 100:
                durations.append(time.perf_counter() - start)
        print("\n".join("%.9f" % duration for duration in durations))
        return

    class Echo(pb2_grpc.EchoServicer):
        def Echo(self, request, context):
            value = dict(context.invocation_metadata()).get("x-ferry-test")
            if value is not None:
                context.send_initial_metadata((("x-ferry-echo", value),))
                context.set_trailing_metadata((("x-ferry-trailer", value),))
            return request

        def Fail(self, request, context):
            context.abort(grpc.StatusCode(next(code for code in grpc.StatusCode if code.value[0] == request.count)),
                          request.text)

        def Slow(self, request, context):
            deadline = time.monotonic() + request.count
            while time.monotonic() < deadline and context.is_active():
                time.sleep(0.01)
            return pb2.EchoReply(text=request.text)

    class Streams(pb2_grpc.StreamsServicer):
        def Count(self, request, context):
            for index in range(request.count):
                yield pb2.EchoReply(text=f"{request.text} {index}", index=index)
            if request.text == "hold":
                # Then holds the stream open until the client goes away (for live messages and cancelling).
                while context.is_active():
                    time.sleep(0.01)

        def Collect(self, request_iterator, context):
            return pb2.EchoReply(text=" ".join(request.text for request in request_iterator))

        def Chat(self, request_iterator, context):
            for index, request in enumerate(request_iterator):
                yield pb2.EchoReply(text=request.text.upper(), index=index)

    compression = grpc.Compression.Gzip if "--gzip" in sys.argv else None
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=8), compression=compression)
    pb2_grpc.add_EchoServicer_to_server(Echo(), server)
    pb2_grpc.add_StreamsServicer_to_server(Streams(), server)
    if "--no-reflection" not in sys.argv:
        from grpc_reflection.v1alpha import reflection
        names = [pb2.DESCRIPTOR.services_by_name[name].full_name for name in ("Echo", "Streams")]
        reflection.enable_server_reflection(names + [reflection.SERVICE_NAME], server)
    address = f"127.0.0.1:{sys.argv[1]}"
    if "--tls" in sys.argv:
        at = sys.argv.index("--tls")
        with open(sys.argv[at + 1], "rb") as cert, open(sys.argv[at + 2], "rb") as key:
            credentials = grpc.ssl_server_credentials([(key.read(), cert.read())])
        server.add_secure_port(address, credentials)
    else:
        server.add_insecure_port(address)
    server.start()
    server.wait_for_termination()


main()
