// reads puzzles one a line on stdin; solves them REPEAT times with limit 2; prints microseconds per puzzle
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>
extern "C" size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit, uint32_t configuration,
                                          char *solution, size_t *num_guesses);
int main(int argc, char **argv) {
    int repeat = argc > 1 ? atoi(argv[1]) : 1;
    std::vector<std::string> puzzles;
    std::string line;
    while (std::getline(std::cin, line)) if (line.size() >= 81) puzzles.push_back(line.substr(0, 81));
    char solution[82] = {0};
    size_t guesses = 0, bad = 0;
    auto start = std::chrono::steady_clock::now();
    for (int r = 0; r < repeat; r++)
        for (auto &p : puzzles) if (TdokuSolverDpllTriadSimd(p.c_str(), 2, 0, solution, &guesses) != 1) bad++;
    double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    printf("%zu puzzles x %d, %zu not unique, %.2f us per puzzle\n", puzzles.size(), repeat, bad,
           us / (double)(puzzles.size() * repeat));
}
