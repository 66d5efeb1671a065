#include "net/udp_socket.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace ticklab::game {

namespace {

bool make_non_blocking(int fd) {
    const int flags = ::fcntl(fd, F_GETFL, 0);
    return flags >= 0 && ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

std::string system_error(const std::string& what) {
    return what + ": " + std::strerror(errno);
}

// A browser gives a page no UDP socket. Emscripten's stand-in would bind, then wait for a WebSocket
// proxy no teacher's web server runs: the page refuses at once and names its own network game.
#ifdef __EMSCRIPTEN__
constexpr bool page_has_no_udp = true;
#else
constexpr bool page_has_no_udp = false;
#endif
constexpr const char* no_udp_in_a_page =
    "a web page cannot open a UDP socket: play the two-peer game in the page with ?network=rollback "
    "(or lockstep), over its simulated network";

}  // namespace

bool udp_address::operator==(const udp_address& other) const noexcept {
    if (storage.ss_family != other.storage.ss_family) return false;
    if (storage.ss_family == AF_INET) {
        const auto& a = reinterpret_cast<const sockaddr_in&>(storage);
        const auto& b = reinterpret_cast<const sockaddr_in&>(other.storage);
        return a.sin_port == b.sin_port && a.sin_addr.s_addr == b.sin_addr.s_addr;
    }
    if (storage.ss_family == AF_INET6) {
        const auto& a = reinterpret_cast<const sockaddr_in6&>(storage);
        const auto& b = reinterpret_cast<const sockaddr_in6&>(other.storage);
        return a.sin6_port == b.sin6_port && std::memcmp(&a.sin6_addr, &b.sin6_addr, sizeof a.sin6_addr) == 0;
    }
    return false;
}

std::string udp_address::text() const {
    char host[INET6_ADDRSTRLEN] = "?";
    if (storage.ss_family == AF_INET) {
        const auto& a = reinterpret_cast<const sockaddr_in&>(storage);
        ::inet_ntop(AF_INET, &a.sin_addr, host, sizeof host);
        return std::string{host} + ":" + std::to_string(ntohs(a.sin_port));
    }
    if (storage.ss_family == AF_INET6) {
        const auto& a = reinterpret_cast<const sockaddr_in6&>(storage);
        ::inet_ntop(AF_INET6, &a.sin6_addr, host, sizeof host);
        return "[" + std::string{host} + "]:" + std::to_string(ntohs(a.sin6_port));
    }
    return "?";
}

std::optional<udp_socket> udp_socket::listen(std::uint16_t port, std::string& error) {
    if (page_has_no_udp) {
        error = no_udp_in_a_page;
        return std::nullopt;
    }
    // IPv6 with IPv4-mapped addresses first (one socket for both), IPv4 alone when there is no IPv6.
    int fd = ::socket(AF_INET6, SOCK_DGRAM, 0);
    if (fd >= 0) {
        const int no = 0;
        ::setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &no, sizeof no);
        sockaddr_in6 any{};
        any.sin6_family = AF_INET6;
        any.sin6_addr = in6addr_any;
        any.sin6_port = htons(port);
        if (::bind(fd, reinterpret_cast<const sockaddr*>(&any), sizeof any) != 0) {
            error = system_error("UDP port " + std::to_string(port));
            ::close(fd);
            return std::nullopt;
        }
    } else {
        fd = ::socket(AF_INET, SOCK_DGRAM, 0);
        if (fd < 0) {
            error = system_error("a UDP socket");
            return std::nullopt;
        }
        sockaddr_in any{};
        any.sin_family = AF_INET;
        any.sin_addr.s_addr = htonl(INADDR_ANY);
        any.sin_port = htons(port);
        if (::bind(fd, reinterpret_cast<const sockaddr*>(&any), sizeof any) != 0) {
            error = system_error("UDP port " + std::to_string(port));
            ::close(fd);
            return std::nullopt;
        }
    }
    udp_socket socket{fd};
    if (!make_non_blocking(fd)) {
        error = system_error("a non-blocking UDP socket");
        return std::nullopt;
    }
    return socket;
}

std::optional<udp_socket> udp_socket::connect(const std::string& host, std::uint16_t port, std::string& error) {
    if (page_has_no_udp) {
        error = no_udp_in_a_page;
        return std::nullopt;
    }
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_DGRAM;
    addrinfo* found = nullptr;
    if (const int status = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found); status != 0) {
        error = "host '" + host + "': " + ::gai_strerror(status);
        return std::nullopt;
    }
    udp_address peer;
    std::memcpy(&peer.storage, found->ai_addr, found->ai_addrlen);
    peer.length = found->ai_addrlen;
    const int family = found->ai_family;
    ::freeaddrinfo(found);
    const int fd = ::socket(family, SOCK_DGRAM, 0);
    if (fd < 0) {
        error = system_error("a UDP socket");
        return std::nullopt;
    }
    udp_socket socket{fd};
    socket.peer_ = peer;
    if (!make_non_blocking(fd)) {
        error = system_error("a non-blocking UDP socket");
        return std::nullopt;
    }
    return socket;
}

udp_socket::udp_socket(udp_socket&& other) noexcept : fd_{std::exchange(other.fd_, -1)}, peer_{other.peer_} {}

udp_socket& udp_socket::operator=(udp_socket&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = std::exchange(other.fd_, -1);
        peer_ = other.peer_;
    }
    return *this;
}

udp_socket::~udp_socket() {
    if (fd_ >= 0) ::close(fd_);
}

std::uint16_t udp_socket::port() const {
    sockaddr_storage bound{};
    socklen_t length = sizeof bound;
    if (::getsockname(fd_, reinterpret_cast<sockaddr*>(&bound), &length) != 0) return 0;
    if (bound.ss_family == AF_INET6) return ntohs(reinterpret_cast<const sockaddr_in6&>(bound).sin6_port);
    return ntohs(reinterpret_cast<const sockaddr_in&>(bound).sin_port);
}

bool udp_socket::send_to(std::span<const std::uint8_t> bytes, const udp_address& to) {
    const ssize_t sent =
        ::sendto(fd_, bytes.data(), bytes.size(), 0, reinterpret_cast<const sockaddr*>(&to.storage), to.length);
    return sent == static_cast<ssize_t>(bytes.size());
}

bool udp_socket::receive(std::vector<std::uint8_t>& buffer, std::size_t capacity, udp_address& from) {
    buffer.resize(capacity + 1);
    from.length = sizeof from.storage;
    const ssize_t got =
        ::recvfrom(fd_, buffer.data(), buffer.size(), 0, reinterpret_cast<sockaddr*>(&from.storage), &from.length);
    if (got < 0) {
        // EAGAIN: nothing waits. Anything else (an ICMP "port unreachable" from an earlier send, say)
        // is the same to the game: no datagram this time.
        buffer.clear();
        return false;
    }
    buffer.resize(static_cast<std::size_t>(got));
    return true;
}

}  // namespace ticklab::game
