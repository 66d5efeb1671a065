#pragma once
// A non-blocking UDP socket (POSIX), IPv6 with IPv4 beside it where the system allows, else IPv4.
// Owns its descriptor; moves, never copies.
//
// Usage:
//   std::string error;
//   auto socket = udp_socket::listen(0, error);          // any free port: socket->port() says which
//   auto other = udp_socket::connect("127.0.0.1", port, error);   // other->peer() is the listener
//   socket->send_to(bytes, address);  socket->receive(buffer, from);   // never waits

#include <sys/socket.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace ticklab::game {

struct udp_address {
    sockaddr_storage storage{};
    socklen_t length = 0;

    [[nodiscard]] bool operator==(const udp_address& other) const noexcept;
    [[nodiscard]] std::string text() const;  // "127.0.0.1:5000", "[::1]:5000"
};

class udp_socket {
public:
    // Bound to every address on `port` (0: one the system picks). nullopt with `error` set.
    [[nodiscard]] static std::optional<udp_socket> listen(std::uint16_t port, std::string& error);
    // Bound to a port the system picks, for talking to `host`:`port` (a name or an address, looked
    // up once). nullopt with `error` set.
    [[nodiscard]] static std::optional<udp_socket> connect(const std::string& host, std::uint16_t port,
                                                           std::string& error);

    udp_socket(udp_socket&& other) noexcept;
    udp_socket& operator=(udp_socket&& other) noexcept;
    udp_socket(const udp_socket&) = delete;
    udp_socket& operator=(const udp_socket&) = delete;
    ~udp_socket();

    [[nodiscard]] std::uint16_t port() const;
    // The address connect() looked up (empty after listen()).
    [[nodiscard]] const udp_address& peer() const noexcept { return peer_; }

    // False when the system refused the datagram (the network is down, a buffer is full): the
    // game sends again next frame, as it does after a loss.
    bool send_to(std::span<const std::uint8_t> bytes, const udp_address& to);
    // One waiting datagram into `buffer` (resized to its length) and its sender; false when none
    // waits. A datagram longer than `capacity` bytes comes back `capacity + 1` long (cut short),
    // so the caller can tell.
    bool receive(std::vector<std::uint8_t>& buffer, std::size_t capacity, udp_address& from);

private:
    explicit udp_socket(int fd) : fd_{fd} {}
    int fd_ = -1;
    udp_address peer_;
};

}  // namespace ticklab::game
